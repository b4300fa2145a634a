export { openDataset, summariseEpisode, type LoadOptions } from './open-dataset';
export { loadEpisode, readStepHierarchy, readStepHierarchyParsed, readStepComponents, writeEss, writeComponents } from './load-episode';
export { checkDataset } from './check-dataset';
export { readExecutionTrace, writeExecutionTraceStep, writeInstalledApps, parseInstalledApps, type TraceStepFiles } from './execution-trace';
export { listStepFiles } from './step-files';
