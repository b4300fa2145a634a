/**
 * Mobile-Bench CheckPoints (Deng et al., ACL 2024): per task, the packages an agent must open, the
 * key phrases its actions must carry and the API calls (adb commands) it must issue, scored on the
 * action history. Groups combine checkpoints: sequential `[...]` (in order), conjunctive `&` (all),
 * disjunctive `|` (any).
 */

/** The three CheckPoint categories of the paper. */
export type CheckpointCategory = 'package' | 'phrase' | 'api';

/** One checkpoint or a group of them. */
export type CheckpointExpr =
  | { kind: 'leaf'; value: string }
  /** `[a, b, c]`: each satisfied at or after the history entry that satisfied the one before. */
  | { kind: 'seq'; of: CheckpointExpr[] }
  /** `["&", a, b]`: every member satisfied, in any order. */
  | { kind: 'all'; of: CheckpointExpr[] }
  /** `["|", a, b]`: at least one member satisfied. */
  | { kind: 'any'; of: CheckpointExpr[] };

/** The checkpoints of one task, per category; each top-level entry counts once in the score. */
export interface CheckpointSet {
  package: CheckpointExpr[];
  phrase: CheckpointExpr[];
  api: CheckpointExpr[];
}

/** One Mobile-Bench test case: ID, Query, APP List, CheckPoints. */
export interface CheckpointTask {
  /** The test case ID; matched to a dataset episode by its id. */
  id: string;
  query: string;
  apps: string[];
  checkpoints: CheckpointSet;
  /** Keys of the test case's checkpoints that are not scored (the released data's `to_speak`, `ocr` ...), with why. */
  unsupported?: UnsupportedCheckpoint[];
  /** Keys of the source object this reader does not know, kept for a faithful rewrite. */
  extra?: Record<string, unknown>;
}

/** A checkpoint key of the released data that is read but not scored, reported per test case. */
export interface UnsupportedCheckpoint {
  /** The key as written, e.g. `to_speak`. */
  key: string;
  value: unknown;
  /** Why it is not scored, one clause. */
  why: string;
}

/**
 * One entry of an agent's action history as the CheckPoints see it. `texts` are what the action
 * carried (the tapped element's text, content-desc and resource-id, the typed text, the command);
 * `packages` the apps it touched (the foreground package, a launched or targeted package).
 */
export interface HistoryEntry {
  /** Execution step index. */
  step: number;
  kind: 'tap' | 'type' | 'api' | 'key' | 'swipe' | 'status' | 'none';
  /** One-line description for evidence, e.g. `tap "Beijing" (com.ctrip:id/city)`. */
  describe: string;
  texts: string[];
  packages: string[];
  /** The adb command of an API action, as issued. */
  command?: string;
}

/** The verdict of one top-level checkpoint. */
export interface CheckpointVerdict {
  category: CheckpointCategory;
  /** Source spelling, e.g. `Beijing`, `["|","Beijing","Peking"]`. */
  spelling: string;
  passed: boolean;
  /** Members hit of members counted: a sequential group counts one per member hit in order; anything else 1 of 1 or 0 of 1. */
  hit: number;
  of: number;
  /** History entries (steps) whose actions satisfied it, in order. */
  steps: number[];
  /** One human sentence. */
  sentence: string;
}

/** CheckPoint scores of one episode, in the report shape of the other methods. */
export interface CheckpointResult {
  method: 'checkpoints';
  episode: string;
  /** Every checkpoint passed (level 2 = 1); undefined when the task has no checkpoints. */
  completed?: boolean;
  /** Packages passed / package checkpoints (1 when the task names none). */
  level1: number;
  /** All passed / all checkpoints. */
  level2: number;
  passed: { package: number; all: number };
  total: { package: number; all: number };
  reason?: string;
  evidence: { verdicts: CheckpointVerdict[]; history: string[] };
  problems: string[];
}
