import type { TraceInput } from '../../../shared/evaluation/types';
import { readTrace, type TraceRef } from './trace-layouts';
import type { ConfinedFiles, Confinement } from '../../platform/confined-read';

/**
 * Where an evaluation session gets the steps it scans: an agent's trace folder on disk, an episode's
 * own recording, or steps already held in memory. Steps read from disk are lazy (their files are
 * parsed when a check first needs them), so a source costs nothing per step up front.
 */
export interface StepSource {
  /** The trace: its steps in order, the installed apps at its end, and problems found reading it. */
  read(): Promise<TraceInput>;
}

/** An agent trace folder in its layout (`prefer`: which hierarchy file a step reads first). */
export function traceFolderSource(ref: TraceRef, prefer: 'json' | 'xml' = 'json', confine?: Confinement | ConfinedFiles): StepSource {
  return { read: () => readTrace(ref, prefer, confine) };
}

/** Steps already read (an evaluator that also needs the trace for other methods, a cut of a recording). */
export function memorySource(trace: TraceInput): StepSource {
  return { read: async () => trace };
}
