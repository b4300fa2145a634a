import type { AgentUsage } from '../agents/agent';
import type { DeviceAction } from '../../../shared/kinds/actions';
import type { DeviceConfigRecord } from '../configs/config-types';
import type { RunManifest } from '../manifest/run-manifest';
import { RUN_FILES } from '../evaluation/run-record';

/** Touchstone's `episode.json` beside each execution trace: what ran, how, how long each step took, and how it ended. */

/** How an episode ended. `incomplete`: still running, or the runner was killed (resume with `--resume`). */
export type EpisodeOutcome = 'incomplete' | 'finished' | 'step-limit' | 'timeout' | 'interrupted' | 'error' | 'cancelled';

/** Milliseconds spent per part of one step. */
export interface StepTimings {
  /** Performing the previous step's action on the device (0 for the first step). */
  actionMs: number;
  /** Waiting for the screen to settle beyond one screenshot. */
  stableMs: number;
  screenshotMs: number;
  hierarchyMs: number;
  activityMs: number;
  packagesMs: number;
  agentMs: number;
  writeMs: number;
  /** The whole step from the start of its capture to its commit (the action is not included). */
  totalMs: number;
}

export interface StepRecord {
  index: number;
  /** The action line as written to `captured_data/action/i.action`. */
  action: string;
  /** For people, e.g. `tap 540,1200`. */
  description: string;
  /** The action in device pixels (what `--resume` performs again to bring the device back). */
  deviceAction: DeviceAction;
  activity: string;
  timings: StepTimings;
  /** uiautomator dump attempts (1 = no retry). */
  dumpAttempts: number;
  /** Installed packages, when they changed before this step (read only after screens that can install apps). */
  installed?: string[];
  /** False when the screen was still changing when the stability wait gave up. */
  stable: boolean;
  /** The agent's own record of this step (an LLM's prompt, reply, tokens and latency; an external agent's calls). */
  agent?: Record<string, unknown>;
}

export interface EpisodeVerdict {
  method: 'essential';
  completed: boolean;
  reason?: string;
  /** Annotated states matched / total (with the implicit final state). */
  matched: number;
  total: number;
}

export interface EpisodeRecord {
  format: 'touchstone-episode/1';
  episode: string;
  task: { description: string; app: string; category: string; path: string };
  agent: { name: string; seed: number; settings: Record<string, string> };
  repeat: number;
  device: { serial: string; model?: string; apiLevel?: number; screen?: { width: number; height: number } };
  config: { maxSteps: number; stepTimeoutMs: number; episodeTimeoutMs: number; reset: string };
  startedAt: string;
  endedAt?: string;
  outcome: EpisodeOutcome;
  /** What the agent said at the end, if it said anything. */
  agentVerdict?: 'complete' | 'impossible';
  /** Why it ended that way (the interruption, the error, the limit). */
  reason?: string;
  steps: StepRecord[];
  /** Installed packages at the end (also in installed_apps/installed_apps.txt). */
  installedApps?: string[];
  /** The evaluator's verdict, when the task is annotated. */
  evaluation?: EpisodeVerdict;
  /** How many times the episode was resumed after an interruption. */
  resumed?: number;
  /** Who interrupted it: the device (it left the pool) or the agent (its endpoint or client went away). */
  interruptedBy?: 'device' | 'agent';
  /** Token and cost totals of LLM-backed agents. */
  agentUsage?: AgentUsage;
  /** The device configuration the episode ran under (`touchstone run --configs`): applied, and restored after. */
  deviceConfig?: DeviceConfigRecord;
  /** The tool version, the device's build and density, and the ground truth's content hashes when the episode started. */
  manifest?: RunManifest;
}

export const EPISODE_FILE = RUN_FILES.episode;
