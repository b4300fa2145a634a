/** The episode domain: one ground-truth episode's steps, screens and numbered components. */
import type { EpisodeInfo, ScreenRef, StepHierarchy } from '../contract-types';
import type { Call, NameSet } from './common';

export interface EpisodeCalls {
  /** Loads one episode folder (relative to the dataset root). */
  'episode:load': Call<{ datasetId: string; path: string }, EpisodeInfo>;
  /** URLs of every step's screenshot; screenshots are never sent inline. */
  'episode:screens': Call<{ datasetId: string; path: string }, ScreenRef[]>;
  /** Numbered components of one step: from `i.json` when present, derived from `i.xml`/`i.vh` otherwise. */
  'episode:hierarchy': Call<{ datasetId: string; path: string; step: number }, StepHierarchy>;
}

export interface EpisodeEvents {}

export const EPISODE_CALLS: NameSet<EpisodeCalls> = { 'episode:load': true, 'episode:screens': true, 'episode:hierarchy': true };
export const EPISODE_EVENTS: NameSet<EpisodeEvents> = {};
