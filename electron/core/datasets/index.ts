export { openDataset, summariseEpisode, type LoadOptions } from './open-dataset';
export { loadEpisode, readStepHierarchy, readStepHierarchyParsed, readStepComponents } from './load-episode';
export { checkDataset } from './check-dataset';
export { readExecutionTrace, writeExecutionTraceStep, writeInstalledApps, parseInstalledApps, type TraceStepFiles } from './execution-trace';
export { listStepFiles } from './step-files';
export { writeEss, writeComponents, readTaskIndex, writeTaskIndex, writeEventStructs, writeInstruction, writeEpisodeStep, readHumanLabelsFile, writeHumanLabelsFile, type EpisodeStepContent } from './write-dataset';
export { readImageSize } from '../steps/image-size';
