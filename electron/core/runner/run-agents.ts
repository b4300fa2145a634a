import { join } from 'node:path';
import type { DeviceInfo } from '../../../shared/contract/device';
import type { RunReset } from '../../../shared/contract/run';
import type { AgentUsage } from '../agents/agent';
import { redactSettings, settingsFor } from '../agents/agent-settings';
import { agentFactory } from '../agents/registry';
import type { PreparedAgents } from '../agents/prepare-agents';
import { DeviceCapture, type CaptureOptions } from '../capture/capture';
import { DeviceGoneError, type DeviceShell } from '../capture/device-shell';
import type { DeviceConfig } from '../configs/config-types';
import type { EmbedderSpec } from '../evaluation/embedding-provider';
import type { EpisodeRecord, StepRecord } from './episode-record';
import { JudgeQueue } from './judge-queue';
import { withReset } from './reset-device';
import { runEpisode, type EpisodeLimits } from './run-episode';
import type { RunTask } from './run-tasks';
import { TraceRecorder } from './trace-recorder';
import type { WatchDevice } from './watch-device';

/** `--shard k/n` (parsed by electron/cli/shard.ts): shard k of n takes every n-th episode of the run starting at the k-th (1-based). */
export interface RunShard { index: number; count: number }

/** One queued episode: a task, an agent, a repeat. */
export interface RunItem { task: RunTask; agent: string; repeat: number; dir: string; config?: DeviceConfig }

export interface RunPlan {
  tasks: RunTask[];
  agents: string[];
  repeat: number;
  out: string;
  shard?: RunShard;
  /** The first repeat's number (default 1): the agent host numbers each new episode of a task after the ones before. */
  firstRepeat?: number;
  /** Device configurations (`--configs`): every item runs under each, traces in `<out>/<config>/<agent>/...`. */
  configs?: DeviceConfig[];
}

/** The folder of one trace: `<out>/<agent>/r<repeat>/<episode>` (`touchstone eval --traces <out>/<agent>` finds them). */
export function traceDir(out: string, agent: string, repeat: number, episode: string): string {
  return join(out, agent, `r${repeat}`, episode.replace(/[^\w.-]/g, '_'));
}

/** Every (task x agent x repeat) of the run in a fixed order, then this shard's share of it. */
export function planItems(p: RunPlan): RunItem[] {
  const all: RunItem[] = [];
  for (const config of p.configs ?? [undefined]) {
    const out = config ? join(p.out, config.name) : p.out;
    for (let r = p.firstRepeat ?? 1; r < (p.firstRepeat ?? 1) + p.repeat; r++) for (const agent of p.agents) for (const task of p.tasks) all.push({ task, agent, repeat: r, dir: traceDir(out, agent, r, task.episode), ...(config ? { config } : {}) });
  }
  return p.shard ? all.filter((_, k) => k % p.shard!.count === p.shard!.index - 1) : all;
}

export interface RunOptions extends RunPlan {
  devices: DeviceInfo[];
  /** How to reach each device (adbkit through the adb server, or in-process). */
  shellFor(serial: string): DeviceShell;
  limits: EpisodeLimits;
  resume: boolean;
  seed: number;
  agentSettings: Record<string, string>;
  /** The run's prepared agent kinds (prepareAgents: the http and mcp agents' servers); without, each kind's plain factory. */
  prepared?: PreparedAgents;
  /** An evaluation queue to share (the agent host keeps one across its episodes); default one per run, per `evaluate`. */
  judge?: JudgeQueue | null;
  /** The run's reset method (default: each task's own, from the dataset). */
  reset?: RunReset;
  /** Evaluate each finished episode of an annotated task at once (default true). */
  evaluate?: boolean;
  embedder?: EmbedderSpec;
  capture?: CaptureOptions;
  consoleTokenFile?: string;
  signal: AbortSignal;
  onProgress?(done: number, total: number, detail: { phase?: string; message?: string }): void;
  onEpisode?(item: RunItem, record: EpisodeRecord, device: string): void;
  /** An episode starts on a device; aborting `cancel` stops that episode only (its steps are kept), the run goes on. */
  onEpisodeStart?(item: RunItem, device: string, cancel: AbortController): void;
  /**
   * Follows each device's presence (adb's track-devices, `watchPresence`): a device that leaves ends
   * its episode at once as interrupted, even while the agent is deciding and no command is under way.
   */
  watchDevice?: WatchDevice;
  /** A step was committed; `usage` is the agent's token and cost totals of the episode so far (LLM-backed agents). */
  onStep?(item: RunItem, step: StepRecord, device: string, usage?: AgentUsage): void;
}

export interface RunResult {
  items: { item: RunItem; record: EpisodeRecord; device: string }[];
  planned: number;
  /** Devices that went away during the run, with the reason. */
  lostDevices: { serial: string; reason: string }[];
  cancelled: boolean;
}

function seedOf(base: number, episode: string, repeat: number): number {
  let h = base >>> 0;
  for (const ch of `${episode}#${repeat}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * Runs the queue over the device pool, one episode per device at a time.
 * A device that disappears marks its episode interrupted (with the reason)
 * and leaves the pool; the others take the rest of the queue.
 */
export async function runAgents(o: RunOptions): Promise<RunResult> {
  const items = planItems(o);
  const queue = [...items];
  const result: RunResult = { items: [], planned: items.length, lostDevices: [], cancelled: false };
  const judge = o.judge !== undefined ? o.judge : o.evaluate === false ? null : new JudgeQueue(o.embedder ?? 'default');
  let done = 0;
  const pending: Promise<void>[] = [];
  o.onProgress?.(0, items.length, { phase: 'episodes', message: `${items.length} episode(s) on ${o.devices.length} device(s)` });
  const worker = async (dev: DeviceInfo): Promise<void> => {
    const capture = new DeviceCapture(o.shellFor(dev.serial), o.capture);
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (o.signal.aborted) { queue.unshift(item); return; }
      const seed = seedOf(o.seed, item.task.episode, item.repeat);
      const cancel = new AbortController();
      o.onEpisodeStart?.(item, dev.serial, cancel);
      const it = item;
      const opts = { seed, settings: settingsFor(item.agent, o.agentSettings) };
      const agent = o.prepared ? o.prepared.create(item.agent, opts) : agentFactory(item.agent).create(opts);
      const unwatch = o.watchDevice?.(dev.serial, (why) => cancel.abort(new DeviceGoneError(dev.serial, why)));
      const record = await runEpisode(capture, {
        task: withReset(item.task, o.reset), agent, agentInfo: { name: item.agent, seed, settings: redactSettings(settingsFor(item.agent, o.agentSettings)) },
        repeat: item.repeat, dir: item.dir, device: { serial: dev.serial, model: dev.model, apiLevel: dev.apiLevel }, limits: o.limits, resume: o.resume,
        reset: { consoleTokenFile: o.consoleTokenFile }, deviceConfig: item.config, signal: AbortSignal.any([o.signal, cancel.signal]),
        onStep: o.onStep && ((step) => o.onStep!(it, step, dev.serial, agent.usage?.())),
      }).finally(() => unwatch?.());
      const finish = async (): Promise<void> => {
        let rec = record;
        if (judge && it.task.annotated && ['finished', 'step-limit', 'timeout'].includes(rec.outcome) && !rec.evaluation) {
          const r = new TraceRecorder(it.dir, rec);
          // judge() never rejects (a failed evaluation is a verdict with its reason); a failed write keeps the verdict in memory.
          const evaluation = await judge.judge(it.task, it.dir);
          await r.update({ evaluation }).catch((err: Error) => { rec = { ...rec, evaluation, reason: `episode.json not updated: ${err.message}` }; });
          rec = rec.evaluation ? rec : r.current;
        }
        result.items.push({ item: it, record: rec, device: dev.serial });
        done++;
        o.onEpisode?.(it, rec, dev.serial);
        o.onProgress?.(done, items.length, { phase: 'episodes', message: `${it.task.episode} (${it.agent}, r${it.repeat}) on ${dev.serial}: ${rec.outcome}${rec.evaluation ? rec.evaluation.completed ? ', completed' : ', not completed' : ''}` });
      };
      // The evaluation runs while the device takes its next episode.
      pending.push(finish());
      if (record.outcome === 'interrupted' && record.interruptedBy !== 'agent') { result.lostDevices.push({ serial: dev.serial, reason: record.reason ?? 'disconnected' }); return; }
      if (record.outcome === 'cancelled' && o.signal.aborted) return;
    }
  };
  await Promise.all(o.devices.map(worker));
  await Promise.all(pending);
  result.cancelled = o.signal.aborted;
  return result;
}
