/**
 * `touchstone audit --devices`: the audit's probes (the one table, probe-table.ts) run as agents on
 * real devices through the runner (each task's reset, the runner's recording of every step), each
 * trace then read back and judged as the offline audit judges its traces.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineAgent } from '../../../shared/kinds/agents/agent-spec';
import { z } from 'zod';
import { AUDIT_DEFAULTS, type AuditReport, type AuditTask } from '../../../shared/contract/audit';
import type { DeviceInfo } from '../../../shared/contract/device';
import type { ExecStepInput, TraceInput } from '../../../shared/evaluation/types';
import { parseActivityName, sameActivity } from '../../../shared/evaluation/activity-name';
import type { AgentFactory } from '../agents/agent';
import type { DeviceShell } from '../capture/device-shell';
import { loadGroundTruth } from '../evaluation/load-ground-truth';
import { loadRunTasks } from '../runner/run-tasks';
import { startRun } from '../runner/start-run';
import type { WatchDevice } from '../runner/watch-device';
import { readRecording } from '../traces/recording-steps';
import { traceFolderSource } from '../traces/step-source';
import { auditSession, judgeProbes, weakTasks, type AuditOptions } from './audit-dataset';
import type { AuditProbe } from './audit-traces';
import { planProbes, probeRow, type ProbeContext } from './probe-table';

export interface DeviceAuditOptions extends Omit<AuditOptions, 'onProgress'> {
  devices: DeviceInfo[];
  shellFor(serial: string): DeviceShell;
  watchDevice?: WatchDevice;
  /** Where the probes' traces are written (`<out>/<probe>/r1/<episode>`); default a temporary folder, removed at the end. */
  out?: string;
  onProgress?(done: number, total: number, episode?: string): void;
}

/** What a screen shows, to find it among the recording's: its activity and its texts in order. */
function screenKey(s: ExecStepInput): string {
  const a = parseActivityName(s.activity ?? '');
  return `${a ? `${a.pkg}/${a.cls}` : ''}\n${(s.hierarchy?.nodes ?? []).map((n) => (n.text ?? '').trim()).filter(Boolean).join('\n')}`;
}

/** The recording's step each device step shows (its first step with the same activity and texts), undefined when none. */
function recordedScreens(trace: TraceInput, recording: TraceInput): (number | undefined)[] {
  const keys = recording.steps.map(screenKey);
  return trace.steps.map((s) => {
    const act = parseActivityName(s.activity ?? '');
    const k = keys.indexOf(screenKey(s));
    return k >= 0 && (!act || sameActivity(act, parseActivityName(recording.steps[k]!.activity ?? '') ?? act)) ? k : undefined;
  });
}

/**
 * Audits every annotated task on devices: per task, each probe of the table is an episode of
 * `touchstone run` (the task's reset, the runner's capture and trace layout, one episode per device
 * at a time), then every trace is judged with the offline audit's evaluator. The no-op's and the
 * other probes' traces are judged without their installed-apps list, the install probe's with it
 * (as offline). Cancelling through `signal` returns the tasks done.
 */
export async function auditDevices(o: DeviceAuditOptions): Promise<AuditReport> {
  const t0 = performance.now();
  const tasks = await loadRunTasks(o.datasetRoot, 'all');
  const root = path.resolve(o.datasetRoot);
  const out = o.out ?? mkdtempSync(path.join(tmpdir(), 'touchstone-audit-'));
  const session = auditSession(o);
  const seed = o.seed ?? AUDIT_DEFAULTS.seed;
  const done: AuditTask[] = [];
  let unannotated = 0;
  let cancelled = false;
  o.onProgress?.(0, tasks.length);
  try {
    for (const [k, task] of tasks.entries()) {
      if (o.signal?.aborted) { cancelled = true; break; }
      const base = { episode: task.episode, path: task.path, description: task.description };
      try {
        const gt = await loadGroundTruth(root, task.path);
        if (!gt.states.length) { unannotated++; continue; }
        const recording = await readRecording(root, task.path);
        if (!recording.steps.length) { done.push({ ...base, states: gt.states.length, probes: [], passes: [], error: `${task.groundTruthDir} holds no recorded step: there is nothing to plan probes from.` }); continue; }
        const c: ProbeContext = { recording, gt, episodeDir: task.groundTruthDir, seed, randomTraces: o.randomTraces ?? AUDIT_DEFAULTS.randomTraces, startPackages: () => [] };
        const plans = planProbes(c);
        const kinds: AgentFactory[] = plans.map((p) => ({
          spec: defineAgent({ name: p.name, label: p.label, summary: `audit probe: ${p.label}`, settings: z.object({}) }),
          create: () => probeRow(p.kind).agent(p, c),
        }));
        const maxSteps = Math.max(2, ...plans.map((p) => p.maxSteps ?? recording.steps.length + 1));
        const run = await startRun({
          tasks: [task], agents: plans.map((p) => p.name), kinds, out, devices: o.devices, shellFor: o.shellFor, watchDevice: o.watchDevice,
          canary: false, evaluate: false, seed, limits: { maxSteps }, signal: o.signal ?? new AbortController().signal,
        });
        if (run.cancelled) { cancelled = true; break; }
        const probes: AuditProbe[] = [];
        const problems: string[] = [];
        for (const p of plans) {
          const x = run.items.find((i) => i.item.agent === p.name);
          if (!x || x.record.outcome !== 'finished') { problems.push(`${p.label}: ${x ? `${x.record.outcome}${x.record.reason ? ` (${x.record.reason})` : ''}` : 'not run'}`); continue; }
          const read = await traceFolderSource({ episode: task.episode, dir: x.item.dir, layout: 'llamatouch', via: p.name }).read();
          const trace = probeRow(p.kind).packages ? read : { ...read, installedApps: undefined, installedAppsFile: undefined };
          probes.push({ kind: p.kind, label: p.label, trace, screens: recordedScreens(trace, recording) });
        }
        done.push({ ...base, states: gt.states.length, ...(await judgeProbes(session, gt, recording, probes)), ...(problems.length ? { error: `probe(s) that did not finish on the device: ${problems.join('; ')}` } : {}) });
      } catch (err) {
        done.push({ ...base, states: 0, probes: [], passes: [], error: `${task.groundTruthDir}: ${(err as Error).message}` });
      } finally {
        o.onProgress?.(k + 1, tasks.length, task.episode);
      }
    }
  } finally {
    if (!o.out) rmSync(out, { recursive: true, force: true });
  }
  return { datasetRoot: root, seed, tasks: done, unannotated, ...weakTasks(done), cancelled, elapsedMs: performance.now() - t0, devices: o.devices.map((d) => d.serial) };
}
