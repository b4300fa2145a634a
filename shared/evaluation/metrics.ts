import { countClaims, type AgentClaim } from './claims';

/**
 * The evaluation methods compared side by side: essential states, the action baselines, Mobile-Bench
 * CheckPoints, the LLM judge and judge + essential states (see checkpoints/ and electron/core/judge).
 */
export type MethodName = 'essential' | 'stepwise' | 'lcs' | 'checkpoints' | 'judge' | 'hybrid';

/** One episode's verdicts, the unit every metric is computed from. */
export interface EpisodeRow {
  episode: string;
  category: string;
  nsteps: number;
  /** Human label (1 = completed), when a label file was given. */
  human?: boolean;
  completed: Partial<Record<MethodName, boolean>>;
  /** Essential-state progress (0..1). */
  progress?: number;
  reasons: Partial<Record<MethodName, string>>;
  /** The agent's own claim at the end of the episode (claims.ts). */
  claim?: AgentClaim;
  /** Essential states: every annotated state reached (the claim left out), for counting missed completions. */
  goalReached?: boolean;
}

/** Confusion matrix of a method against human labels (positive = completed). */
export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

/** Metrics of one method over one group of episodes. */
export interface MethodMetrics {
  n: number;
  /** Task completion rate: completed / n. */
  tcr: number;
  /** Number of episodes with a human label in this group. */
  labelled: number;
  humanTcr?: number;
  accuracy?: number;
  precision?: number;
  recall?: number;
  f1?: number;
  confusion?: Confusion;
  /** Mean essential-state progress (essential method only). */
  meanProgress?: number;
  /** Claimed complete, verdict not completed (when claims are known, claims.ts). */
  falseCompletions?: number;
  /** Goal reached by this method's verdict (essential: every annotated state), not claimed complete. */
  missedCompletions?: number;
  /** Episodes reported apart (when claims are known): see {@link ApartCounts}. */
  apart?: ApartCounts;
}

/**
 * Episodes whose claim says the run did not end on the agent's own terms. `interrupted` (cancelled,
 * interrupted, error, incomplete: claims.ts) are left out of n and of every rate unless
 * `interruptedCounted` (`--count-interrupted`); `stepLimit` episodes stay in n (the agent ran out of
 * its budget: a real failure) and are only counted here so they can be told apart from other failures.
 */
export interface ApartCounts {
  interrupted: number;
  stepLimit: number;
  /** The user asked to count interrupted episodes as failures: they are in n. */
  interruptedCounted: boolean;
}

/** How interrupted episodes count (the CLI's `--count-interrupted`, the eval contract's `countInterrupted`). */
export interface MetricsOptions {
  /** Count interrupted / cancelled episodes in n as failures (default: left out, counted apart). */
  countInterrupted?: boolean;
}

/** Difficulty bucket of the paper: steps <= 4, 5-8, > 8. */
export function difficultyOf(nsteps: number): 'easy (<=4)' | 'medium (5-8)' | 'hard (>8)' {
  return nsteps <= 4 ? 'easy (<=4)' : nsteps <= 8 ? 'medium (5-8)' : 'hard (>8)';
}

const ratio = (a: number, b: number): number | undefined => (b > 0 ? a / b : undefined);

/** Computes TCR, accuracy, precision/recall/F1 and the confusion matrix for one method. */
export function methodMetrics(rows: readonly EpisodeRow[], method: MethodName, opts: MetricsOptions = {}): MethodMetrics {
  const judged = rows.filter((r) => r.completed[method] !== undefined);
  // An interrupted episode says nothing about the agent: out of n unless the user counts it (ApartCounts).
  const withVerdict = opts.countInterrupted ? judged : judged.filter((r) => r.claim !== 'interrupted');
  const n = withVerdict.length;
  const done = withVerdict.filter((r) => r.completed[method]).length;
  const m: MethodMetrics = { n, tcr: n ? done / n : 0, labelled: 0 };
  if (method === 'essential') {
    const ps = withVerdict.map((r) => r.progress ?? 0);
    m.meanProgress = ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : 0;
  }
  if (judged.some((r) => r.claim)) {
    m.apart = { interrupted: judged.filter((r) => r.claim === 'interrupted').length, stepLimit: withVerdict.filter((r) => r.claim === 'step-limit').length, interruptedCounted: !!opts.countInterrupted };
    const cc = countClaims(withVerdict.map((r) => ({ claim: r.claim, completed: r.completed[method], reached: method === 'essential' ? r.goalReached : undefined })));
    m.falseCompletions = cc.falseCompletions;
    m.missedCompletions = cc.missedCompletions;
  }
  const labelled = withVerdict.filter((r) => r.human !== undefined);
  m.labelled = labelled.length;
  if (!labelled.length) return m;
  const c: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const r of labelled) {
    const p = r.completed[method]!;
    if (p && r.human) c.tp++;
    else if (p) c.fp++;
    else if (r.human) c.fn++;
    else c.tn++;
  }
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  return {
    ...m, confusion: c, humanTcr: (c.tp + c.fn) / labelled.length, accuracy: (c.tp + c.tn) / labelled.length, precision, recall,
    f1: precision !== undefined && recall !== undefined && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : undefined,
  };
}

/** One row of the side-by-side tables: a group of episodes and each method's metrics on it. */
export interface GroupMetrics {
  /** 'all', 'category', or 'difficulty'. */
  by: 'all' | 'category' | 'difficulty';
  group: string;
  n: number;
  methods: Partial<Record<MethodName, MethodMetrics>>;
}

/** All methods side by side, overall and broken down by category and difficulty (paper Tables 4, 5, 7, 8). */
export function summarise(rows: readonly EpisodeRow[], methods: readonly MethodName[], opts: MetricsOptions = {}): GroupMetrics[] {
  const groups: GroupMetrics[] = [];
  const add = (by: GroupMetrics['by'], group: string, rs: readonly EpisodeRow[]): void => {
    groups.push({ by, group, n: rs.length, methods: Object.fromEntries(methods.map((m) => [m, methodMetrics(rs, m, opts)])) });
  };
  add('all', 'all', rows);
  const cats = [...new Set(rows.map((r) => r.category))].sort();
  for (const c of cats) add('category', c || '(none)', rows.filter((r) => r.category === c));
  for (const d of ['easy (<=4)', 'medium (5-8)', 'hard (>8)']) {
    const rs = rows.filter((r) => difficultyOf(r.nsteps) === d);
    if (rs.length) add('difficulty', d, rs);
  }
  return groups;
}
