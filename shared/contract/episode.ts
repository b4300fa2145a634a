/** The episode domain: one ground-truth episode's steps, screens and numbered components. */
import { z } from 'zod';
import type { EpisodeInfo, ScreenRef, StepHierarchy } from '../contract-types';
import { datasetId, pathField, stepIndex, type ArgsOf } from './arg-schema';
import type { Call } from './common';

/** An episode folder of an opened dataset (relative to its root). */
const episodeShape = { datasetId: datasetId(), path: pathField('dataset') };

/** Argument schemas of the episode calls (dispatch checks every call against its schema). */
export const EPISODE_ARGS = {
  'episode:load': z.object(episodeShape),
  'episode:screens': z.object(episodeShape),
  'episode:hierarchy': z.object({ ...episodeShape, step: stepIndex() }),
};
type A = ArgsOf<typeof EPISODE_ARGS>;

export interface EpisodeCalls {
  /** Loads one episode folder (relative to the dataset root). */
  'episode:load': Call<A['episode:load'], EpisodeInfo>;
  /** URLs of every step's screenshot; screenshots are never sent inline. */
  'episode:screens': Call<A['episode:screens'], ScreenRef[]>;
  /** Numbered components of one step: from `i.json` when present, derived from `i.xml`/`i.vh` otherwise. */
  'episode:hierarchy': Call<A['episode:hierarchy'], StepHierarchy>;
}

export interface EpisodeEvents {}

