/** The audit domain: how strong each task's annotation is against traces that did not do the task. */
import { z } from 'zod';
import { datasetId, jobArgsShape, type ArgsOf } from './arg-schema';
import type { Call } from './common';

/** The traces an audit runs every annotation against. */
export type AuditProbeKind = 'noop' | 'install' | 'random' | 'cut' | 'shortcut';

/** The audit's defaults, read by the CLI, the call's schema and the view. */
export const AUDIT_DEFAULTS = { seed: 1, randomTraces: 3, randomMaxSteps: 30 } as const;

/** An item of an annotated state that held on the probe's screen and so let it pass. */
export interface AuditItem {
  /** The annotated step the item belongs to. */
  step: number;
  item: string;
  /** The probe's step where it held. */
  at: number;
  sentence: string;
}

/** One probe whose trace the annotation accepts. */
export interface AuditPass {
  kind: AuditProbeKind;
  label: string;
  items: AuditItem[];
  /** An item (with its step) a passing probe of this kind could not satisfy, or what to add, in one sentence. */
  suggestion: string;
}

/** One task of the audit. */
export interface AuditTask {
  episode: string;
  path: string;
  description: string;
  /** Annotated steps. */
  states: number;
  /** The probes run (by kind and label) and whether each passed. */
  probes: { kind: AuditProbeKind; label: string; passed: boolean }[];
  /** Probes the annotation accepts: an empty list is a task no probe fooled. */
  passes: AuditPass[];
  /** Why the task could not be audited (no recording, unreadable annotation). */
  error?: string;
}

/** The audit of a dataset. */
export interface AuditReport {
  datasetRoot: string;
  seed: number;
  tasks: AuditTask[];
  /** Tasks without any annotated state (not audited). */
  unannotated: number;
  /** Weak tasks: those a no-op, random or shortcut probe passes (a cut probe alone makes a task `cut`). */
  weak: string[];
  /** Tasks only a cut probe passes: a state already holds before its step. */
  cut: string[];
  cancelled: boolean;
  elapsedMs: number;
  /** The devices the probes ran on (`touchstone audit --devices`); absent for the offline audit on replay worlds. */
  devices?: string[];
}

export const AUDIT_ARGS = {
  'dataset:audit': z.object({
    datasetId: datasetId(),
    seed: z.number().int().min(0).optional(),
    randomTraces: z.number().int().min(0).max(20).optional(),
    /** Run the probes on these devices (serials, or 'all' usable ones) instead of offline on replay worlds. */
    devices: z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).optional(),
    ...jobArgsShape,
  }),
};
type A = ArgsOf<typeof AUDIT_ARGS>;

export interface AuditCalls {
  /**
   * Runs every annotated task's annotation against a no-op trace, seeded random traces on the replay
   * world of its recording, its recording cut before each annotated step, and a shortcut (`am start`
   * of the final activity), offline, with `touchstone eval`'s evaluator. Runs as a job of kind
   * 'dataset:audit' (progress: tasks); code 'cancelled' when `job:cancel` stops it.
   */
  'dataset:audit': Call<A['dataset:audit'], AuditReport>;
}

export interface AuditEvents {}
