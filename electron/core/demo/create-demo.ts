import { mkdir, rename, rm } from 'node:fs/promises';
import { connect as netConnect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { formatHumanLabels, HUMAN_LABELS_FILE } from '../../../shared/formats/human-labels';
import { DeviceCapture } from '../capture/capture';
import { adbShell, inProcessShell, type DeviceShell } from '../capture/device-shell';
import { createAdbClient, resolveAdbServer } from '../devices/adb-client';
import { writeFileAtomic } from '../../platform/atomic-write';
import type { ProgressFn } from '../../kernel/job-service';
import { startRun } from '../runner/start-run';
import { loadRunTasks, TASK_SETTINGS_FILE } from '../runner/run-tasks';
import { startDeviceInstance } from '../../virtual-device/instance';
import { DemoWorld } from '../../virtual-device/world/demo/demo-world';
import { DEMO_RESET, DEMO_TASKS } from './demo-tasks';
import { recordDemoTask } from './record-demo-task';
import { scriptAgent } from './script-agent';
import { partialFolder, sweepPartialFolders } from './partial-folders';

export { defaultDemoDir, demoExists } from './demo-location';

export interface DemoOptions {
  out: string;
  /** Record and run through this adb server (default: the usual one); without a reachable server the same commands run in process. */
  adbServer?: string;
  transport?: 'auto' | 'adb' | 'in-process';
  /** Also run the built-in agents and write their traces and human labels (default true). */
  traces?: boolean;
  /** Task ids to include (default all). */
  only?: string[];
  signal?: AbortSignal;
  progress?: ProgressFn;
}

export interface DemoResult {
  root: string;
  tasks: number;
  transport: 'adb' | 'in-process';
  /** Per trace folder (agent): episode -> completed, from the evaluator. */
  verdicts: Record<string, Record<string, boolean>>;
}

/** A moment on the device's clock that keeps screenshots byte-stable (09:41 UTC on a fixed day). */
const DEMO_CLOCK = new Date(Date.UTC(2026, 0, 15, 9, 41));

async function connectAdb(o: DemoOptions, port: number): Promise<{ shell: DeviceShell; disconnect(): Promise<void> } | null> {
  const server = resolveAdbServer(o.adbServer);
  // A plain TCP probe: adbkit would start a local adb server on a refused connection, and `auto` must not leave one behind.
  const why = await new Promise<string | null>((res) => {
    const sock = netConnect(server.port, server.host);
    sock.setTimeout(1500, () => { sock.destroy(); res('timed out'); });
    sock.once('connect', () => { sock.destroy(); res(null); });
    sock.once('error', (e) => res(e.message));
  });
  if (why !== null) {
    if (o.transport === 'adb') throw new Error(`demo create: no adb server at ${server.host}:${server.port} (${why}); start one with \`adb start-server\` or use --in-process.`);
    return null;
  }
  const client = createAdbClient(server);
  const serial = await client.connect('127.0.0.1', port);
  for (let k = 0; k < 200; k++) {
    const list = await client.listDevices();
    if (list.some((d: { id: string; type: string }) => d.id === serial && d.type === 'device')) {
      return { shell: adbShell(client, serial), disconnect: async () => { await client.disconnect('127.0.0.1', port).catch(() => undefined); } };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`demo create: the adb server did not list the virtual device ${serial} as usable.`);
}

/**
 * Makes the demo dataset: starts a virtual phone, records every demo task
 * through the capture path (as `touchstone record` does), writes the
 * annotations, then runs the built-in agents (replay, no-op, the alternative
 * paths, random) with immediate evaluation, and writes human labels. Built in a
 * temporary folder beside `out` and moved into place at the end, so `out` is
 * either absent or complete.
 */
/** Tasks the random agent's demo traces cover. */
const RANDOM_TASKS = 6;

export async function createDemoDataset(o: DemoOptions): Promise<DemoResult> {
  const root = resolve(o.out);
  const work = partialFolder(root);
  await sweepPartialFolders(root);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const tasks = o.only ? DEMO_TASKS.filter((t) => o.only!.includes(t.id)) : DEMO_TASKS;
  const inst = await startDeviceInstance({ world: new DemoWorld(), clock: () => new Date(DEMO_CLOCK) });
  const progress = o.progress ?? (() => undefined);
  const signal = o.signal ?? new AbortController().signal;
  let adb: Awaited<ReturnType<typeof connectAdb>> = null;
  try {
    adb = o.transport === 'in-process' ? null : await connectAdb(o, inst.port);
    const transport = adb ? 'adb' : 'in-process';
    const shell = adb?.shell ?? inProcessShell(inst.serial, inst.device);
    const capture = new DeviceCapture(shell);
    // One total from the start (tasks recorded, then every agent episode), so the counter only ever counts up.
    const episodes = o.traces === false ? 0 : 2 * tasks.length + tasks.filter((t) => t.alternative).length + Math.min(RANDOM_TASKS, tasks.length);
    const total = tasks.length + episodes;
    for (const [k, t] of tasks.entries()) {
      signal.throwIfAborted();
      progress(k, total, { phase: 'recording', message: `${t.id}: ${t.description}` });
      await recordDemoTask(capture, work, t);
    }
    await writeFileAtomic(join(work, TASK_SETTINGS_FILE), JSON.stringify({ reset: { '*': DEMO_RESET } }, null, 2) + '\n');
    const verdicts: DemoResult['verdicts'] = {};
    if (o.traces !== false) {
      const all = await loadRunTasks(work, 'all');
      const alt = all.filter((t) => tasks.find((d) => d.id === t.episode)?.alternative);
      const runs: [string, typeof all][] = [['replay', all], ['noop', all], ['demo-alternative', alt], ['random', all.slice(0, RANDOM_TASKS)]];
      let base = tasks.length;
      for (const [agent, ts] of runs) {
        // The scripted agent is this run's own kind (not in the registry: it only knows the demo's tasks); the
        // random agent's traces stay short (8 steps) and seeded (7) so the demo dataset is the same every time.
        const r = await startRun({
          tasks: ts, agents: [agent], kinds: [scriptAgent], out: join(work, 'traces'), devices: [{ serial: shell.serial, state: 'device', kind: 'virtual' }],
          shellFor: () => shell, limits: agent === 'random' ? { maxSteps: 8 } : {}, seed: 7, signal,
          onProgress: (done, _t, d) => progress(base + done, total, { phase: `agent ${agent}`, message: d.message }),
        });
        base += ts.length;
        verdicts[agent] = Object.fromEntries(r.items.map((x) => [x.item.task.episode, x.record.evaluation?.completed ?? false]));
        const human = (t: (typeof ts)[number]): boolean | undefined => agent === 'replay' ? true : agent === 'noop' ? false
          : agent === 'demo-alternative' ? tasks.find((d) => d.id === t.episode)!.alternative!.done : undefined;
        // Each agent's labels name it and its repeat, in the one file the evaluation looks for beside its traces.
        const labels = ts.flatMap((t) => { const h = human(t); return h === undefined ? [] : [{ episode: t.episode, agent, repeat: 1, completed: h }]; });
        if (labels.length) await writeFileAtomic(join(work, 'traces', agent, HUMAN_LABELS_FILE), formatHumanLabels(labels));
      }
    }
    signal.throwIfAborted();
    await rm(root, { recursive: true, force: true });
    await mkdir(dirname(root), { recursive: true });
    await rename(work, root);
    return { root, tasks: tasks.length, transport, verdicts };
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  } finally {
    await adb?.disconnect();
    await inst.stop();
  }
}
