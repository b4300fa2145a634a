import type { TokenUsage } from './judge-cache';
import type { JudgeFrames, JudgeInput } from './judge-request';

/** One judge model's answer on one episode. */
export interface JudgeAnswer {
  model: string;
  /** Undefined when the request failed or the reply could not be read (see error). */
  completed?: boolean;
  reason: string;
  /** Answered from the on-disk cache (no request sent). */
  cached: boolean;
  usage: TokenUsage;
  costUsd?: number;
  error?: string;
}

/** The LLM judge's verdict on one episode, in the report shape of the other methods. */
export interface JudgeResult {
  method: 'judge';
  episode: string;
  /** Undefined when the episode waits for a human (the judges disagree or could not answer). */
  completed?: boolean;
  needsHuman: boolean;
  reason?: string;
  evidence: { answers: JudgeAnswer[]; promptHash: string; frames: number[]; input: JudgeInput };
  problems: string[];
}

/** Essential states and the judge together: a verdict where they agree, a human otherwise. */
export interface HybridResult {
  method: 'hybrid';
  episode: string;
  completed?: boolean;
  needsHuman: boolean;
  reason?: string;
  evidence: { essential?: boolean; judge?: boolean; essentialReason?: string; judgeReason?: string };
  problems: string[];
}

/** An episode no method could decide alone: a human should label it. */
export interface HumanQueueItem {
  episode: string;
  method: 'judge' | 'hybrid';
  why: string;
  /** Each voter's verdict (judge models, essential, judge); null = no answer. */
  verdicts: Record<string, boolean | null>;
  /** The human label, when the run was given one. */
  human?: boolean;
}

/** Requests, tokens and cost of a judge run. */
export interface JudgeUsage {
  /** Requests answered by an endpoint (retries not counted). */
  requests: number;
  /** Answers read from the cache. */
  cached: number;
  failed: number;
  tokens: TokenUsage;
  /** Tokens of the cached answers (not spent in this run). */
  cachedTokens: TokenUsage;
  /** Cost of this run's requests, when prices are known for every model used. */
  costUsd?: number;
  /** What the cached answers would have cost. */
  savedUsd?: number;
  perModel: Record<string, { requests: number; cached: number; failed: number; tokens: TokenUsage; costUsd?: number }>;
}

/** Agreement of a judge (one model, the cross-validated judge, or the hybrid) with the human labels. */
export interface JudgeAgreement {
  judge: string;
  /** Episodes with both a verdict from this judge and a human label. */
  labelled: number;
  agree: number;
  accuracy?: number;
  /** Labelled episodes left undecided (queued for a human). */
  undecided: number;
}

/** Everything the judge part of a run reports besides per-episode results. */
export interface JudgeSummary {
  models: string[];
  input: JudgeInput;
  frames: JudgeFrames;
  promptFile: string;
  cacheDir: string;
  usage: JudgeUsage;
  queue: HumanQueueItem[];
  agreement: JudgeAgreement[];
  warnings: string[];
}
