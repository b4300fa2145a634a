/**
 * The run canary: before a batch, each task's own recording is replayed (the replay agent) on each
 * device kind of the pool and evaluated; a task whose recording no longer completes there is
 * quarantined, with the step where the replay parted from the recording. Environments drift (an app
 * updated or removed, an account logged out) and a batch run on a drifted device reports the drift as
 * the agent's failure; the canary says so before any agent runs. Called from startRun only.
 */
import { join } from 'node:path';
import type { DeviceInfo } from '../../../shared/contract/device';
import type { CanaryCheck, CanaryQuarantine, CanaryResult } from '../../../shared/contract/run-canary';
import { firstDivergence, type CanaryScreen } from '../../../shared/evaluation/canary-divergence';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { writeFileAtomic } from '../../platform/atomic-write';
import { readTextIn } from '../../platform/confined-read';
import { seededRandom } from '../../platform/seeded-random';
import type { EpisodeRecord } from './episode-record';
import { runAgents, type RunOptions } from './run-agents';
import type { RunTask } from './run-tasks';
import { canaryReportHtml } from './canary-report';

/** The canary's folder inside the run's output: `<out>/canary/<kind>/replay/r1/<episode>/`, report.html, canary.json. */
export const CANARY_DIR = 'canary';

/** A device kind: what makes a recording replay differently (model, API level, screen, connection). */
export function deviceKind(d: DeviceInfo): string {
  const screen = d.screen ? ` ${d.screen.width}x${d.screen.height}` : '';
  return `${d.model ?? 'unknown model'} API ${d.apiLevel ?? '?'}${screen} (${d.kind})`;
}

/** `n` of the tasks (0 or more than there are: all), chosen by the seed, in their index order. */
export function canarySample(tasks: readonly RunTask[], n: number, seed: number): RunTask[] {
  if (n <= 0 || n >= tasks.length) return [...tasks];
  const rnd = seededRandom(seed);
  const order = tasks.map((t, k) => ({ k, r: rnd() })).sort((a, b) => a.r - b.r).slice(0, n).map((x) => x.k).sort((a, b) => a - b);
  return order.map((k) => tasks[k]);
}

/** Screens 0..n of a recording (`i.activity`, `i.xml` in the episode folder) or of a trace (`captured_data/...`). */
async function readScreens(root: string, count: number, files: (i: number) => { activity: string[]; xml: string[] }): Promise<CanaryScreen[]> {
  const out: CanaryScreen[] = [];
  for (let i = 0; i < count; i++) {
    const f = files(i);
    const activity = (await readTextIn(root, ...f.activity).catch(() => undefined)) ?? '';
    const xml = await readTextIn(root, ...f.xml).catch(() => undefined);
    const vh = xml === undefined ? undefined : parseUiautomatorXml(xml, join(root, ...f.xml));
    out.push({ activity, ...(vh?.ok ? { vh: vh.value } : {}) });
  }
  return out;
}

async function checkOne(task: RunTask, kind: string, device: string, dir: string, rec: EpisodeRecord): Promise<CanaryCheck> {
  const recorded = await readScreens(task.groundTruthDir, task.nsteps + 1, (i) => ({ activity: [`${i}.activity`], xml: [`${i}.xml`] }));
  // The recording's last screen may be missing (a recorder that stopped before its final dump): compare what exists.
  while (recorded.length && !recorded[recorded.length - 1].activity && !recorded[recorded.length - 1].vh) recorded.pop();
  const replayed = await readScreens(dir, rec.steps.length, (i) => ({ activity: ['captured_data', 'activity', `${i}.activity`], xml: ['captured_data', 'xml', `${i}.xml`] }));
  const divergence = firstDivergence(recorded, replayed) ?? undefined;
  const completed = rec.evaluation?.completed;
  const finished = rec.outcome === 'finished';
  const passed = finished && (completed ?? !divergence);
  let why: string | undefined;
  if (!passed) {
    const at = divergence ? ` It parted from the recording at step ${divergence.step}: ${divergence.reason}` : '';
    why = !finished ? `The replay of its recording ended ${rec.outcome}${rec.reason ? ` (${rec.reason})` : ''}.${at}`
      : `Its own recording no longer completes${rec.evaluation?.reason ? ` (${rec.evaluation.reason})` : ''}.${at}`;
  }
  const s = divergence?.step;
  return {
    episode: task.episode, kind, device, outcome: rec.outcome, ...(completed !== undefined ? { completed } : {}), passed,
    ...(divergence ? { divergence } : {}), ...(why ? { why } : {}), trace: dir,
    ...(s !== undefined && !passed ? { screens: { recorded: join(task.groundTruthDir, `${s}.png`), replayed: join(dir, 'captured_data', 'screenshot', `${s}.png`) } } : {}),
  };
}

/** What the canary needs of the run: its devices, tasks, output folder and everything about reaching the devices. */
export type CanaryRun = Omit<RunOptions, 'agents' | 'repeat' | 'shard' | 'configs' | 'firstRepeat' | 'resume' | 'onEpisode' | 'onEpisodeStart' | 'onStep' | 'prepared'> & { sample: number };

/**
 * Replays every (sampled) task on one device of each kind of the pool at a time, evaluates the
 * replays, and writes `<out>/canary/report.html` and `canary.json`. A task is quarantined when it
 * fails on any kind.
 */
export async function runCanary(o: CanaryRun): Promise<CanaryResult> {
  const sampled = canarySample(o.tasks, o.sample, o.seed);
  const byKind = new Map<string, DeviceInfo[]>();
  for (const d of o.devices) byKind.set(deviceKind(d), [...(byKind.get(deviceKind(d)) ?? []), d]);
  const kinds = [...byKind.keys()];
  const root = join(o.out, CANARY_DIR);
  // The replay needs a step per recorded action and one to declare completion.
  const maxSteps = Math.max(o.limits.maxSteps, ...sampled.map((t) => t.nsteps + 2));
  const total = sampled.length * kinds.length;
  let done = 0;
  const checked: CanaryCheck[] = [];
  await Promise.all(kinds.map(async (kind, k) => {
    const r = await runAgents({
      // The run's own listeners and agents stay out: the canary's episodes are not the batch's.
      ...o, onEpisode: undefined, onEpisodeStart: undefined, onStep: undefined, prepared: undefined, shard: undefined, configs: undefined, firstRepeat: undefined,
      tasks: sampled, agents: ['replay'], repeat: 1, resume: false, out: join(root, `kind${k + 1}`), limits: { ...o.limits, maxSteps },
      devices: byKind.get(kind)!, agentSettings: {},
      onProgress: (_d, _t, d) => { if (d.message && _d > 0) o.onProgress?.(++done, total, { phase: 'canary', message: `canary: ${d.message}` }); },
    });
    for (const x of r.items) checked.push(await checkOne(x.item.task, kind, x.device, x.item.dir, x.record));
  }));
  const order = new Map(o.tasks.map((t, k) => [t.episode, k]));
  checked.sort((a, b) => order.get(a.episode)! - order.get(b.episode)! || kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
  const quarantined: CanaryQuarantine[] = [];
  for (const c of checked.filter((x) => !x.passed)) {
    const q = quarantined.find((x) => x.episode === c.episode);
    if (q) q.kinds.push(c.kind);
    else quarantined.push({ episode: c.episode, why: c.why ?? 'did not complete', ...(c.divergence ? { step: c.divergence.step } : {}), kinds: [c.kind] });
  }
  const inSample = new Set(sampled.map((t) => t.episode));
  const result: CanaryResult = {
    kinds, checked, quarantined, unchecked: o.tasks.filter((t) => !inSample.has(t.episode)).map((t) => t.episode),
    report: join(root, 'report.html'), json: join(root, 'canary.json'),
  };
  await writeFileAtomic(result.json, JSON.stringify(result, null, 2) + '\n');
  await writeFileAtomic(result.report, canaryReportHtml(result, root));
  return result;
}

/**
 * The canary as the run view shows it: folders and the report relative to the dataset (`rel`), screens as
 * URLs (`url`). The report stays a path: the page's file route serves screenshots only, never HTML.
 */
export function canaryForView(c: CanaryResult, rel: (abs: string) => string, url: (abs: string) => string): CanaryResult {
  return {
    ...c, report: rel(c.report), json: rel(c.json),
    checked: c.checked.map((x) => ({ ...x, trace: rel(x.trace), ...(x.screens ? { screens: { recorded: url(x.screens.recorded), replayed: url(x.screens.replayed) } } : {}) })),
  };
}

/** The summary lines `touchstone run` prints after the canary. */
export function canaryLines(c: CanaryResult): string[] {
  const ok = new Set(c.checked.map((x) => x.episode)).size - c.quarantined.length;
  const lines = [`canary: ${ok} task(s) replayed their recording on ${c.kinds.length} device kind(s), ${c.quarantined.length} quarantined${c.unchecked.length ? `, ${c.unchecked.length} not sampled (run unchecked)` : ''}. Report: ${c.report}`];
  for (const q of c.quarantined) lines.push(`quarantined: ${q.episode}${q.step !== undefined ? ` (diverged at step ${q.step})` : ''} on ${q.kinds.join(', ')}: ${q.why}`);
  return lines;
}
