/** What each run job has shown so far (steps, finished episodes, what runs where), so a reloaded UI can re-attach. */
import type { CanaryResult, RunEpisodeSummary, RunLive, RunStepEvent, RunUsage } from '../../../shared/contract/run';

const KEEP_STEPS = 50;
const KEEP_RUNS = 8;

export class LiveRuns {
  private readonly runs = new Map<string, RunLive & { cancels: Map<string, AbortController>; keys: Map<string, string>; usages: Map<string, RunUsage> }>();

  begin(jobId: string, datasetId: string, out: string): void {
    this.runs.set(jobId, { jobId, datasetId, out, planned: 0, steps: [], episodes: [], running: {}, cancels: new Map(), keys: new Map(), usages: new Map() });
    // Finished runs are kept for a while (a reload right after the end still shows them); the oldest go first.
    for (const id of this.runs.keys()) if (this.runs.size > KEEP_RUNS && id !== jobId) this.runs.delete(id);
  }

  /** How an external agent attaches to this run (the http / mcp agents' URL and token). */
  attach(jobId: string, lines: string[]): void {
    const r = this.runs.get(jobId);
    if (r && lines.length) r.attach = lines;
  }

  /** The run's canary ended (its view form: relative paths, screen URLs). */
  canary(jobId: string, c: CanaryResult): void {
    const r = this.runs.get(jobId);
    if (r) r.canary = c;
  }

  planned(jobId: string, n: number): void {
    const r = this.runs.get(jobId);
    if (r) r.planned = n;
  }

  /** `key` names the episode run (agent, repeat, episode): its end is judged while the device runs the next one. */
  started(jobId: string, device: string, episode: string, key: string, cancel: AbortController): void {
    const r = this.runs.get(jobId);
    if (!r) return;
    r.running[device] = episode;
    r.keys.set(device, key);
    r.cancels.set(device, cancel);
  }

  /**
   * Records the episode's usage so far (`key` as in `started`) and returns the run's total so far,
   * or undefined while no episode of the run used a model.
   */
  usage(jobId: string, key: string, u: RunUsage | undefined): RunUsage | undefined {
    const r = this.runs.get(jobId);
    if (!r) return undefined;
    if (u) r.usages.set(key, u);
    r.usage = sumUsage([...r.usages.values()]);
    return r.usage;
  }

  step(e: RunStepEvent): void {
    const r = this.runs.get(e.jobId);
    if (!r) return;
    r.steps.push(e);
    const mine = r.steps.filter((s) => s.device === e.device);
    if (mine.length > KEEP_STEPS) r.steps.splice(r.steps.indexOf(mine[0]!), 1);
  }

  ended(jobId: string, e: RunEpisodeSummary, key: string): void {
    const r = this.runs.get(jobId);
    if (!r) return;
    r.episodes.push(e);
    if (r.keys.get(e.device) !== key) return; // the device has gone on to its next episode
    delete r.running[e.device];
    r.cancels.delete(e.device);
    r.keys.delete(e.device);
  }

  /** Cancels the episode running on `device`; false when none runs there. */
  cancelEpisode(jobId: string, device: string): boolean {
    const c = this.runs.get(jobId)?.cancels.get(device);
    if (!c) return false;
    c.abort();
    return true;
  }

  get(jobId: string): RunLive | null {
    const r = this.runs.get(jobId);
    if (!r) return null;
    const { cancels: _c, keys: _k, usages: _u, ...live } = r;
    return { ...live, steps: [...live.steps], episodes: [...live.episodes], running: { ...live.running } };
  }
}

/** The sum of some usages; undefined for none. Cost only when at least one has a cost. */
export function sumUsage(list: readonly RunUsage[]): RunUsage | undefined {
  if (!list.length) return undefined;
  const t: RunUsage = { requests: 0, tokensIn: 0, tokensOut: 0 };
  for (const u of list) {
    t.requests += u.requests; t.tokensIn += u.tokensIn; t.tokensOut += u.tokensOut;
    if (u.costUsd !== undefined) t.costUsd = Math.round(((t.costUsd ?? 0) + u.costUsd) * 1e6) / 1e6;
  }
  return t;
}
