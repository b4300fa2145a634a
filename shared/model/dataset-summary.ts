import type { Problem } from './problem';

/** One episode as listed when a dataset is opened (cheap: folder listing, no parsing of screens). */
export interface EpisodeSummary {
  id: string;
  /** Folder relative to the dataset root. */
  path: string;
  app: string;
  category: string;
  description: string;
  /** Steps according to the index (or counted, without an index). */
  nsteps: number;
  /** Steps found on disk (highest numbered step file + 1). */
  stepsFound: number;
  /** Step indices that have an `i.ess`. */
  annotatedSteps: number[];
  problems: Problem[];
}

/** An opened dataset: every episode, each with its own problems; dataset-level problems apart. */
export interface DatasetSummary {
  /** Absolute real path of the dataset root. */
  root: string;
  /** The index file used (relative), or null when episodes were found by scanning folders. */
  indexFile: string | null;
  indexColumns?: 6 | 7;
  episodes: EpisodeSummary[];
  problems: Problem[];
}

/** Result of a full validation of a dataset (`touchstone dataset check`). */
export interface CheckReport {
  root: string;
  counts: {
    episodes: number;
    episodesWithErrors: number;
    steps: number;
    annotatedSteps: number;
    essItems: number;
    errors: number;
    warnings: number;
  };
  /** Every problem, located by file, line and step. */
  problems: Problem[];
}
