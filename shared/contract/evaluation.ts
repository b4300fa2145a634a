/**
 * The evaluation domain: a dataset plus one trace folder per agent, evaluated
 * with every method (essential states fixed and legacy, step-wise and LCS
 * baselines), cached on disk, inspected episode by episode, labelled by people
 * and exported as CSV, JSON or one offline HTML report.
 */
import type { ExecAction, Size } from '../model';
import type { EssentialResult } from '../evaluation/types';
import type { BaselineResult } from '../evaluation/baselines';
import { z } from 'zod';
import type { LabelBinding } from '../evaluation/label-binding';
import { datasetId, jobArgsShape, nonBlank, pathField, type ArgsOf } from './arg-schema';
import type { Call } from './common';
import { EVAL_EXTRA_METHODS, type EvalExtraMethod, type EvalMethodKey } from './evaluation-methods';
import type { SecretInfo } from './run';
import type { StepConversation } from '../kinds/agents/step-conversation';
import { PERSIST_RULES, type PersistRule } from '../evaluation/persistence';
import { EVAL_COMPARE_ARGS, type EvalCompareCalls } from './evaluation-compare';
import type { AgentClaim } from '../evaluation/claims';

export { EVAL_EXTRA_METHODS, EVAL_MANIFEST_METHODS, EVAL_METHOD_KEYS, type EvalExtraMethod, type EvalMethodKey } from './evaluation-methods';
export type { RecentEvaluation } from './evaluation-compare';

/** One extra method's verdict on one task x agent. */
export interface EvalExtraVerdict {
  /** Undefined: no verdict (waits for a human, or no CheckPoints for the task). */
  completed?: boolean;
  /** Judge / hybrid: the episode is in the "needs a human" queue. */
  needsHuman?: boolean;
  reason?: string;
  /** Judge: each model's verdict (null = no answer), tokens (prompt + completion) and cost on this trajectory. */
  votes?: Record<string, boolean | null>;
  tokens?: Record<string, number>;
  costUsd?: Record<string, number>;
  /** CheckPoints: level 1 (packages) and level 2 (all), and `passed/total` of all. */
  level1?: number;
  level2?: number;
  score?: string;
}

export interface EvalExtraCell {
  agent: string;
  episode: string;
  judge?: EvalExtraVerdict;
  hybrid?: EvalExtraVerdict;
  checkpoints?: EvalExtraVerdict;
}

/** A task x agent no method could decide alone: a human should label it. */
export interface EvalQueueItem {
  agent: string;
  episode: string;
  method: 'judge' | 'hybrid';
  why: string;
  /** Each voter's verdict (judge models, or essential and judge); null = no answer. */
  verdicts: Record<string, boolean | null>;
}

/** The extra methods computed for an open evaluation. */
export interface EvalExtraResult {
  evalId: string;
  methods: EvalExtraMethod[];
  cells: EvalExtraCell[];
  queue: EvalQueueItem[];
  /** Why a method's column is empty (e.g. no judge endpoint configured), by method. */
  unavailable: Partial<Record<EvalExtraMethod, string>>;
  /** Judge models, requests sent, answers from the cache, tokens and cost of this computation. */
  judge?: { models: string[]; requests: number; cached: number; failed: number; tokens: { prompt: number; completion: number }; costUsd?: number };
  warnings: string[];
}

/**
 * One task's Mobile-Bench test case as the annotation view edits it: one checkpoint per line, a
 * plain line is one checkpoint, a line starting with `[` is a group in Mobile-Bench's JSON syntax:
 * `["a", "b"]` sequential, `["&", "a", "b"]` all, `["|", "a", "b"]` any (groups nest).
 */
export type CheckpointCaseEdit = z.infer<typeof checkpointCaseEdit>;
const checkpointCaseEdit = z.object({ query: z.string(), apps: z.array(z.string()), package: z.array(z.string()), phrase: z.array(z.string()), api: z.array(z.string()) });

/** The test case of one task in `<dataset>/checkpoints.json`, with the file's version for conflict checks. */
export interface CheckpointCaseFile {
  /** Root-relative file (`checkpoints.json`). */
  file: string;
  /** Hash of the file's bytes when read; null when the file does not exist. Sent back with a save. */
  version: string | null;
  /** The task's test case (ID = the episode id); null when the file has none for it. */
  edit: CheckpointCaseEdit | null;
  /** Other test cases in the file (kept on save). */
  others: number;
  /** Problems reading the file (bad JSON, bad test cases), located. */
  problems: string[];
}

/** One agent's traces: a display name and its folder (any layout `touchstone eval` detects, or one trace). */
export type AgentTraces = z.infer<typeof agentTraces>;
const agentTraces = z.object({
  name: nonBlank(),
  path: pathField('host'),
  /** Human labels CSV of this agent's runs; defaults to the evaluation's shared file, else `human_labels.csv` in its traces folder. */
  human: pathField('host').optional(),
});

/** What to evaluate (also what `touchstone serve --dataset D --traces NAME=DIR --human F` presets). */
export type EvalSpec = z.infer<typeof evalSpec>;
const evalSpec = z.object({
  dataset: pathField('host'),
  agents: z.array(agentTraces).min(1),
  /** Human labels shared by every agent without its own file; created on the first label when absent. */
  human: pathField('host').optional(),
  /** Sentence embedder for fuzzy items, as `touchstone eval --embedder` (default `default`). */
  embedder: z.enum(['default', 'none']).optional(),
  /** Extra methods shown as more columns from the start (the user can turn them on and off). */
  methods: z.array(z.enum(EVAL_EXTRA_METHODS)).optional(),
  /** Persistence of the final state, as `touchstone eval --persist` (default persistRuleFor('fixed'), shared/evaluation/persistence.ts). */
  persist: z.enum(PERSIST_RULES).optional(),
  /** As `touchstone eval --count-interrupted`: interrupted / cancelled episodes count as failures (default: left out of n, counted apart). */
  countInterrupted: z.boolean().optional(),
});

/** An agent's traces folder kept with a dataset (`traces/<agent>`, `runs/<timestamp>/<agent>`), offered by the Evaluate form. */
export interface OfferedTraces { name: string; path: string; traces: number }

/** What a folder is, so the open screen can offer it in the right slot. */
export type FolderKind =
  | { kind: 'dataset'; path: string; episodes: number; offered?: OfferedTraces[] }
  | { kind: 'trace'; path: string; episode: string; layout: string }
  | { kind: 'traces'; path: string; traces: number; layouts: string[] }
  | { kind: 'unknown'; path: string; reason: string };

/** One task of the overview. */
export interface EvalTask {
  episode: string;
  category: string;
  app: string;
  description: string;
  nsteps: number;
  difficulty: string;
  /** Ground-truth folder relative to the dataset root. */
  path: string;
}

/** One task x agent cell: every method's verdict, essential progress and the first reason. */
export interface EvalCell {
  agent: string;
  episode: string;
  verdicts: Partial<Record<EvalMethodKey, boolean>>;
  /** Fraction of essential states reached in order (fixed mode). */
  progress?: number;
  /** Why the essential method (fixed) did not complete, in one sentence. */
  reason?: string;
  /** The trace could not be evaluated at all. */
  error?: string;
  /** What the agent claimed at the end (shared/evaluation/claims.ts). */
  claim?: AgentClaim;
  /** Essential states (fixed): every annotated state reached, whatever the claim (missed completions). */
  goalReached?: boolean;
  /** Side effects the task did not ask for, as warnings (the verdict is unchanged). */
  sideEffects?: string[];
}

/** An opened evaluation: tasks, agents, cells and human labels (metrics are computed from them). */
export interface EvalOverview {
  evalId: string;
  datasetId: string;
  datasetRoot: string;
  datasetName: string;
  agents: string[];
  tasks: EvalTask[];
  cells: EvalCell[];
  /** agent -> episode -> human verdict. */
  human: Record<string, Record<string, boolean>>;
  /** agent -> the label file its labels are saved in. */
  humanFiles: Record<string, string>;
  /** agent -> how its labels file was bound to it (format, rows used, annotators' agreement, what does not fit). */
  labelBindings?: Record<string, LabelBinding>;
  /** Episodes taken from the cache vs evaluated in this open. */
  cache: { reused: number; evaluated: number };
  /**
   * False for a `fromCache` open: the cells are the last results stored, not yet checked against the
   * files (a full open checks every file's content and re-evaluates what changed).
   */
  verified: boolean;
  warnings: string[];
  elapsedMs: number;
  /** The spec's countInterrupted: metrics count interrupted episodes in n (shared/evaluation/metrics.ts, ApartCounts). */
  countInterrupted?: boolean;
  /** The persistence rule the fixed-mode verdicts applied (the spec's, else the server's `serve --persist`, else DEFAULT_PERSIST). */
  persist?: PersistRule;
}

/** One step of the replay (ground truth or agent), with its screen served as a URL. */
export interface ReplayStep {
  index: number;
  url: string | null;
  screen?: Size;
  activity?: string;
  /** Agent steps: what the agent did on this screen. */
  action?: ExecAction;
  /** Ground-truth steps: the `.ess` line, when annotated. */
  ess?: string;
  /** Agent steps of a Touchstone run: the step's exchange with its model (episode.json), when it had one. */
  conversation?: StepConversation;
}

/** Everything the replay of one task x agent shows. */
export interface EvalEpisodeDetail {
  agent: string;
  episode: string;
  task: EvalTask;
  gtSteps: ReplayStep[];
  agentSteps: ReplayStep[];
  essential?: EssentialResult;
  legacy?: EssentialResult;
  stepwise?: BaselineResult;
  lcs?: BaselineResult;
  human?: boolean;
  error?: string;
}

/** Where one part of the judge's endpoint comes from: the app's settings, TOUCHSTONE_LLM_* of the core's process, or nowhere. */
export type JudgeSettingSource = 'app' | 'environment' | 'none';

/**
 * The judge's endpoint as the evaluation view shows it. Never holds a key: the app's key is named
 * (`{ name, set, last4? }` from the key store the run form uses), the environment's only said to be set.
 */
export interface JudgeEndpointView {
  /** What the judge column uses now (app settings where set, else the environment). */
  baseURL: string | null;
  models: string[];
  key: SecretInfo | null;
  source: { baseURL: JudgeSettingSource; models: JudgeSettingSource; key: JudgeSettingSource };
  /** Saved in the app (null: nothing saved; the environment is in effect). */
  app: { baseURL: string; models: string[]; keyName: string | null } | null;
  /** TOUCHSTONE_LLM_* of the process running Touchstone. */
  environment: { baseURL: string | null; models: string[]; keySet: boolean };
  /** The settings file (base URL, models, key name). */
  file: string;
}

/**
 * Saves the judge's endpoint in the app: base URL (http or https) and one model, or two different ones
 * for cross-validation. The key: `key` stores (or replaces) it in the key store under `keyName`
 * (default `judge`), `keyName` alone picks a stored key, neither leaves the key to the environment.
 * `reset: true` forgets the app's settings (the environment is in effect again; stored keys stay).
 */
export type JudgeEndpointEdit = z.infer<typeof judgeEndpointEdit>;
const judgeEndpointEdit = z.object({
  baseURL: z.string().optional(), models: z.union([z.array(z.string()), z.string()]).optional(),
  keyName: z.string().nullable().optional(), key: z.string().optional(), reset: z.boolean().optional(),
});

/**
 * Export formats: per-cell CSV, the full JSON report, one self-contained HTML report, the paper tables
 * (method and per-group tables with n and 95 % intervals) as Markdown, LaTeX or CSV, or the chart as SVG.
 */
export type EvalExportFormat = z.infer<typeof evalExportFormat>;
const evalExportFormat = z.enum(['csv', 'json', 'html', 'md', 'tex', 'tables-csv', 'svg']);

const evalCell = { evalId: z.string(), agent: z.string(), episode: z.string() };

/** Argument schemas of the evaluation calls (dispatch checks every call against its schema). */
export const EVALUATION_ARGS = {
  'eval:inspect': z.object({ path: pathField('host') }),
  'eval:open': z.object({ ...evalSpec.shape, ...jobArgsShape, fromCache: z.boolean().optional() }),
  'eval:preset': z.object({}),
  'eval:episode': z.object(evalCell),
  'eval:label': z.object({ ...evalCell, human: z.boolean().nullable() }),
  'eval:export': z.object({ evalId: z.string(), format: evalExportFormat, path: pathField('host').optional() }),
  'eval:methods': z.object({ evalId: z.string(), methods: z.array(z.enum(EVAL_EXTRA_METHODS)) }),
  'eval:judgeEndpoint': z.object({}),
  'eval:judgeEndpointSet': judgeEndpointEdit,
  'checkpoints:load': z.object({ datasetId: datasetId(), episode: nonBlank() }),
  'checkpoints:save': z.object({ datasetId: datasetId(), episode: nonBlank(), edit: checkpointCaseEdit, base: z.string().nullable() }),
  ...EVAL_COMPARE_ARGS,
};
type A = ArgsOf<typeof EVALUATION_ARGS>;

export interface EvaluationCalls extends EvalCompareCalls {
  /** Says whether a folder is a dataset, one agent trace, or a folder of traces (and why not, otherwise). */
  'eval:inspect': Call<A['eval:inspect'], FolderKind>;
  /**
   * Opens (evaluates) a dataset against each agent's traces as a job of kind 'evaluation'.
   * Episodes whose annotation and trace files are unchanged come from the on-disk cache.
   * `fromCache`: return at once what the cache last stored, without checking files (the UI shows it
   * while a full open checks and re-evaluates).
   */
  'eval:open': Call<A['eval:open'], EvalOverview>;
  /** The evaluation the server was started with (`serve --dataset --traces`), or null. */
  'eval:preset': Call<A['eval:preset'], EvalSpec | null>;
  /** The replay data of one task x agent: steps of both sides, every method's result with evidence. */
  'eval:episode': Call<A['eval:episode'], EvalEpisodeDetail>;
  /**
   * Sets (true/false) or clears (null) the human verdict of one task x agent; the label file is
   * rewritten atomically, only that episode's line changing. Returns the agent's labels.
   */
  'eval:label': Call<A['eval:label'], {
    file: string; labels: Record<string, boolean>;
    /** Every agent's labels and bindings after the write (agents sharing the file are bound again). */
    human?: Record<string, Record<string, boolean>>; labelBindings?: Record<string, LabelBinding>; warnings?: string[];
  }>;
  /**
   * The overview as CSV / JSON / one offline HTML report: written atomically to `path` when given
   * (a file path on the machine running Touchstone), else returned as `content` (web downloads).
   */
  'eval:export': Call<A['eval:export'], {
    path?: string; bytes: number; content?: string;
    /**
     * CSV: each agent's manifest (`[{ agent, manifest }]`, as `touchstone eval --csv` writes for several
     * trace sets), written beside `path` as `<name>.manifest.json` (`manifestPath`), else returned here.
     * JSON and HTML carry theirs inside.
     */
    manifest?: string; manifestPath?: string;
  }>;
  /**
   * Computes extra methods for every task x agent of an open evaluation: the judge (endpoint, models
   * and key from `eval:judgeEndpointSet`, else TOUCHSTONE_LLM_BASE_URL / TOUCHSTONE_LLM_MODEL /
   * TOUCHSTONE_LLM_API_KEY of the process running Touchstone; answers cached per endpoint and model), the hybrid and CheckPoints (`<dataset>/checkpoints.json`
   * or each episode's). A method that cannot run says why in `unavailable`.
   */
  'eval:methods': Call<A['eval:methods'], EvalExtraResult>;
  /** The judge's endpoint in effect and where each part comes from (no key, only its name). */
  'eval:judgeEndpoint': Call<A['eval:judgeEndpoint'], JudgeEndpointView>;
  /**
   * Checks and saves the judge's endpoint (atomically, in the app's state folder; the key in the key
   * store). 'bad-request' names the field and what to do. Answers as `eval:judgeEndpoint`.
   */
  'eval:judgeEndpointSet': Call<A['eval:judgeEndpointSet'], JudgeEndpointView>;
  /** The Mobile-Bench test case of one task from `<dataset>/checkpoints.json` (annotation view). */
  'checkpoints:load': Call<A['checkpoints:load'], CheckpointCaseFile>;
  /**
   * Writes the task's test case into `<dataset>/checkpoints.json` atomically (other test cases kept;
   * an empty case removes it). Fails with 'bad-request' naming the category and line of a bad
   * checkpoint, and with 'conflict' when the file changed on disk since `base` was read.
   */
  'checkpoints:save': Call<A['checkpoints:save'], CheckpointCaseFile>;
}

export interface EvaluationEvents {
  /** The judge endpoint was saved or reset (in any window): what is in effect now (key names only, never a key). */
  'eval:judgeEndpoint': JudgeEndpointView;
}

