import type { GtAction, ExecAction } from './actions';
import type { EssentialState } from './essential-state';
import type { NumberedComponent } from './view-hierarchy';
import type { Problem } from './problem';

/** One row of `llamatouch_task_metadata.tsv` (6 or 7 columns). */
export interface TaskIndexRow {
  /** Kept as a string: ids can be 20 digits. */
  episode: string;
  category: string;
  /** Relative to the dataset root, e.g. `general/trace_11`. */
  path: string;
  description: string;
  nsteps: number;
  app: string;
  /** 7th column in AgentEnv's copy. */
  loginCategory?: string;
  /** 1-based line in the TSV. */
  line: number;
}

/** Parsed dataset index. */
export interface TaskIndex {
  columns: 6 | 7;
  header: string[];
  rows: TaskIndexRow[];
  /** Line ending found in the file (AgentEnv's copy uses CRLF); kept when rewriting. */
  eol?: '\n' | '\r\n';
  /** Whether the last row ended with a line ending. */
  trailingNewline?: boolean;
}

/** Which files exist for one step of a ground-truth episode. */
export interface EpisodeStepFiles {
  png: boolean;
  xml: boolean;
  vh: boolean;
  activity: boolean;
  json: boolean;
  ess: boolean;
  drawed: boolean;
}

/** One step of a ground-truth episode, as loaded (files read lazily by the core). */
export interface EpisodeStep {
  index: number;
  files: EpisodeStepFiles;
  activity?: string;
  components?: NumberedComponent[];
  /** True when `components` were numbered from i.vh / i.xml because the step has no i.json. */
  componentsDerived?: boolean;
  ess?: EssentialState;
  /** Text of an `i.ess` that could not be parsed: kept so a damaged annotation is still shown, never silently dropped. */
  essText?: string;
  action?: GtAction;
}

/** A ground-truth episode folder. */
export interface Episode {
  /** Episode id from instruction.txt or the index. */
  id: string;
  /** Folder relative to the dataset root. */
  path: string;
  instruction?: string;
  steps: EpisodeStep[];
  actions: GtAction[];
  problems: Problem[];
}

/** One step of an agent's execution trace. */
export interface TraceStep {
  index: number;
  screenshot?: string;
  xml?: string;
  vh?: string;
  activity?: string;
  action: ExecAction;
}

/** An agent's execution trace for one episode, in any supported layout. */
export interface ExecutionTrace {
  episode: string;
  /** Absolute or root-relative folder of this trace. */
  dir: string;
  layout: string;
  steps: TraceStep[];
  installedApps?: string[];
  problems: Problem[];
}
