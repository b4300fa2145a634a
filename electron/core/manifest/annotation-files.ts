/** Files of an episode folder that are its annotation (what an annotator edits: `*.ess`, `checkpoints.json`), not its recording. */
export const isAnnotationFile = (rel: string): boolean => /(^|\/)[^/]*\.ess$/i.test(rel) || /(^|\/)checkpoints\.json$/i.test(rel);
