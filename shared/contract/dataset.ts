/** The dataset domain: open, list, summarise and check LlamaTouch dataset folders. */
import type { CheckReport, DatasetOverview, RecentDataset } from '../contract-types';
import type { Call, NameSet, NoArgs } from './common';

/** Arguments of a call that runs as a job: the client picks the id to follow and cancel it (`job:*`). */
export interface JobArgs {
  /** Id for `job:progress` / `job:done` / `job:cancel`; the core makes one when absent. */
  jobId?: string;
}

export interface DatasetCalls {
  /**
   * Opens a dataset folder (a LlamaTouch root with `llamatouch_task_metadata.tsv`,
   * or a folder of episodes), registers it as an allowed root and adds it to the
   * recent list. Runs as a job of kind 'dataset:open' (progress: episodes scanned).
   * Errors if the folder does not exist or the server was started with `--root`
   * and it lies outside; code 'cancelled' when `job:cancel` stops it.
   */
  'dataset:open': Call<{ path: string } & JobArgs, DatasetOverview>;
  /** Desktop only: shows a folder dialog and opens the choice; null if cancelled. */
  'dataset:pickFolder': Call<JobArgs, DatasetOverview | null>;
  /** The recently opened dataset folders, most recent first. */
  'dataset:recent': Call<NoArgs, RecentDataset[]>;
  /**
   * Validates every file of an opened dataset (index, folders, screenshots,
   * hierarchies, annotations) and returns every located problem. Runs as a job
   * of kind 'dataset:check'; code 'cancelled' when `job:cancel` stops it.
   */
  'dataset:check': Call<{ datasetId: string } & JobArgs, CheckReport>;
  /** The overview of an already opened dataset (no rescan). */
  'dataset:summary': Call<{ datasetId: string }, DatasetOverview>;
}

export interface DatasetEvents {}

export const DATASET_CALLS: NameSet<DatasetCalls> = {
  'dataset:open': true,
  'dataset:pickFolder': true,
  'dataset:recent': true,
  'dataset:check': true,
  'dataset:summary': true,
};
export const DATASET_EVENTS: NameSet<DatasetEvents> = {};
