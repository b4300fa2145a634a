/** The dataset domain: open, list, summarise and check LlamaTouch dataset folders. */
import { z } from 'zod';
import type { CheckReport, DatasetOverview, RecentDataset } from '../contract-types';
import { datasetId, jobArgsShape, pathField, type ArgsOf } from './arg-schema';
import type { Call } from './common';

/** Arguments of a call that runs as a job: the client picks the id to follow and cancel it (`job:*`). */
export type JobArgs = z.infer<typeof jobArgs>;
const jobArgs = z.object(jobArgsShape);

/** Argument schemas of the dataset calls (dispatch checks every call against its schema). */
export const DATASET_ARGS = {
  'dataset:open': z.object({ path: pathField('host'), ...jobArgsShape }),
  'dataset:pickFolder': jobArgs,
  'dataset:recent': z.object({}),
  'dataset:check': z.object({ datasetId: datasetId(), ...jobArgsShape }),
  'dataset:summary': z.object({ datasetId: datasetId() }),
};
type A = ArgsOf<typeof DATASET_ARGS>;

export interface DatasetCalls {
  /**
   * Opens a dataset folder (a LlamaTouch root with `llamatouch_task_metadata.tsv`,
   * or a folder of episodes), registers it as an allowed root and adds it to the
   * recent list. Runs as a job of kind 'dataset:open' (progress: episodes scanned).
   * Errors if the folder does not exist or the server was started with `--root`
   * and it lies outside; code 'cancelled' when `job:cancel` stops it.
   */
  'dataset:open': Call<A['dataset:open'], DatasetOverview>;
  /** Desktop only: shows a folder dialog and opens the choice; null if cancelled. */
  'dataset:pickFolder': Call<A['dataset:pickFolder'], DatasetOverview | null>;
  /** The recently opened dataset folders, most recent first. */
  'dataset:recent': Call<A['dataset:recent'], RecentDataset[]>;
  /**
   * Validates every file of an opened dataset (index, folders, screenshots,
   * hierarchies, annotations) and returns every located problem. Runs as a job
   * of kind 'dataset:check'; code 'cancelled' when `job:cancel` stops it.
   */
  'dataset:check': Call<A['dataset:check'], CheckReport>;
  /** The overview of an already opened dataset (no rescan). */
  'dataset:summary': Call<A['dataset:summary'], DatasetOverview>;
}

export interface DatasetEvents {}

