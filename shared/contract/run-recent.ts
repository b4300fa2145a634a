/**
 * Recent runs: the finished run folders of a dataset (its `runs/*`, and the output folders runs were
 * given), each with its trace columns, so the run view can open one in the evaluation, or two side by side.
 */
import { z } from 'zod';
import { datasetId, type ArgsOf } from './arg-schema';
import type { Call } from './common';

/** Most runs `run:recent` lists (newest first) when no limit is given. */
export const RECENT_RUNS_SHOWN = 20;

/** One trace column of a run: an agent (`<out>/<agent>`), or an agent under a device configuration (`<out>/<config>/<agent>`). */
export interface RecentRunColumn {
  /** The column's name in the evaluation: the agent, or `agent@config`. */
  name: string;
  /** Its folder relative to the run folder (what the evaluation reads traces from). */
  path: string;
}

/** A run folder as the recent-runs list shows it. */
export interface RecentRun {
  /** The run folder, relative to the dataset. */
  out: string;
  columns: RecentRunColumn[];
  /** Episodes with an `episode.json`; of them, evaluated (annotated tasks) and completed; and those still incomplete (running, or killed). */
  episodes: number;
  evaluated: number;
  completed: number;
  incomplete: number;
  /** When its last episode ended (ISO time; an unfinished one counts by its start, else the file's time). */
  endedAt: string;
  /** Tasks the run's canary quarantined, when it had a canary. */
  quarantined?: number;
}

/** Argument schemas of the recent-runs calls. */
export const RUN_RECENT_ARGS = {
  'run:recent': z.object({ datasetId: datasetId(), limit: z.int().min(1).max(500).optional() }),
};
type A = ArgsOf<typeof RUN_RECENT_ARGS>;

export interface RunRecentCalls {
  /** The dataset's run folders with episodes, newest first (at most `limit`, default RECENT_RUNS_SHOWN); read through the confined reader. */
  'run:recent': Call<A['run:recent'], RecentRun[]>;
}
