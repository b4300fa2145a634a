/**
 * Episode runner on virtual devices through the real adb server.
 * Run: npm run bench runner   (needs Debian's adb on PATH)
 * Prints the per-step time split (action, stability wait, screenshot, hierarchy, activity, write) and
 * Touchstone's own overhead per step, then the speedup of 3 devices over 1 and the CPU split.
 * Targets: own overhead < 30 ms/step; 3 devices >= 1.8x one.
 * The phones run in a child process (`touchstone device serve --count 3`), so the runner's CPU and the
 * devices' CPU can be told apart.
 * BENCH_BASELINE=<other checkouts with their node_modules, comma-separated> adds old against new in
 * this process: each other checkout's runner (its own sources, loaded by tsx) and this one take turns,
 * episode by episode, on the same phone (BENCH_PAIRS rounds of every task, default 8).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { adbShell } from '../electron/core/capture/device-shell';
import { createDemoDataset } from '../electron/core/demo/create-demo';
import { DeviceManager } from '../electron/core/devices/device-manager';
import type { EpisodeRecord, StepTimings } from '../electron/core/runner/episode-record';
import { runAgents } from '../electron/core/runner/run-agents';
import { loadRunTasks } from '../electron/core/runner/run-tasks';
import { startAdbServer } from '../electron/virtual-device/testing';

const TASKS = ['demo02', 'demo10', 'demo13', 'demo14', 'demo16', 'demo18', 'demo19', 'demo23', 'demo09'];

function cpuOf(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // utime + stime in clock ticks (100/s) -> ms
}

interface Runner { run(serials: string[], out: string, only?: string[]): Promise<EpisodeRecord[]> }

/** The runner of this checkout (root undefined) or of another one, each with its own modules. */
async function runnerOf(root: string | undefined, dataset: string, port: number, serials: string[]): Promise<Runner> {
  const load = async <T>(rel: string, here: T): Promise<T> => root ? await import(pathToFileURL(join(root, rel)).href) as T : here;
  const lib = {
    ...await load('electron/core/runner/run-agents.ts', { runAgents }),
    ...await load('electron/core/runner/run-tasks.ts', { loadRunTasks }),
    ...await load('electron/core/devices/device-manager.ts', { DeviceManager }),
    ...await load('electron/core/capture/device-shell.ts', { adbShell }),
  };
  const tasks = await lib.loadRunTasks(dataset, 'all');
  const mgr = new lib.DeviceManager({ host: '127.0.0.1', port });
  const all = await mgr.pick(serials);
  return {
    async run(wanted, out, only) {
      const r = await lib.runAgents({
        tasks: only ? tasks.filter((t) => only.includes(t.episode)) : tasks, agents: ['replay'], repeat: 1, out, devices: all.filter((d) => wanted.includes(d.serial)), shellFor: (s) => lib.adbShell(mgr.client, s), evaluate: false,
        limits: { maxSteps: 20, stepTimeoutMs: 60_000, episodeTimeoutMs: 300_000 }, resume: false, seed: 1, agentSettings: {}, signal: new AbortController().signal,
      });
      return r.items.map((x) => x.record);
    },
  };
}

async function main(): Promise<void> {
  const adb = await startAdbServer();
  const tmp = mkdtempSync(join(tmpdir(), 'touchstone-runner-bench-'));
  const repo = resolve(import.meta.dirname, '..');
  const serve = spawn(process.execPath, ['--import', 'tsx', join(repo, 'electron/cli.ts'), 'device', 'serve', '--count', '3', '--connect', '--time', '09:41'], { env: adb.env, stdio: ['ignore', 'pipe', 'inherit'], cwd: repo });
  try {
    const serials = await new Promise<string[]>((res, rej) => {
      let out = '';
      serve.stdout!.on('data', (d: Buffer) => { out += d.toString(); const s = [...out.matchAll(/^(127\.0\.0\.1:\d+)\t/gm)].map((m) => m[1]!); if (s.length === 3) res(s); });
      serve.on('exit', (c) => rej(new Error(`device serve exited ${c}`)));
    });
    for (const s of serials) await adb.waitFor(s);
    const dataset = join(tmp, 'demo');
    await createDemoDataset({ out: dataset, traces: false, transport: 'in-process', only: TASKS });
    const tasks = await loadRunTasks(dataset, 'all');
    const mgr = new DeviceManager({ host: '127.0.0.1', port: adb.port });
    const devices = await mgr.pick(serials);
    const runner = await runnerOf(undefined, dataset, adb.port, serials);
    const run = async (devs: typeof devices, out: string, lib: Runner = runner, only?: string[]): Promise<{ wallMs: number; records: EpisodeRecord[]; runnerCpu: number; deviceCpu: number }> => {
      const c0 = process.cpuUsage();
      const d0 = cpuOf(serve.pid!);
      const t0 = performance.now();
      const records = await lib.run(devs.map((d) => d.serial), join(tmp, out), only);
      const wallMs = performance.now() - t0;
      const c = process.cpuUsage(c0);
      return { wallMs, records, runnerCpu: (c.user + c.system) / 1000, deviceCpu: cpuOf(serve.pid!) - d0 };
    };
    // Warm every phone's screen cache (each renders a screen once), so 1 and 3 devices compare like for like.
    for (const d of devices) await run([d], `warm-${d.serial.replace(/\W/g, '_')}`);
    // Alternate 1-device and 3-device runs and keep the median pair: on a shared machine single runs are noisy.
    const pairs: { one: Awaited<ReturnType<typeof run>>; three: Awaited<ReturnType<typeof run>> }[] = [];
    for (let k = 0; k < 3; k++) pairs.push({ one: await run([devices[0]!], `one-${k}`), three: await run(devices, `three-${k}`) });
    const ratios = pairs.map((p) => p.one.wallMs / p.three.wallMs);
    const mid = [...ratios].sort((a, b) => a - b)[1]!;
    const { one, three } = pairs[ratios.indexOf(mid)]!;
    const steps = one.records.flatMap((r) => r.steps.map((s) => s.timings));
    const steps3 = three.records.flatMap((r) => r.steps.map((s) => s.timings));
    const avg = (k: keyof StepTimings, xs = steps): number => xs.reduce((a, t) => a + t[k], 0) / xs.length;
    const device = (t: StepTimings): number => t.stableMs + t.screenshotMs + t.hierarchyMs + t.activityMs + t.packagesMs;
    const overhead = steps.map((t) => t.totalMs - device(t)).sort((a, b) => a - b);
    console.log(`per step, 1 device, ${steps.length} steps of ${tasks.length} replayed tasks (mean ms):`);
    for (const k of ['actionMs', 'stableMs', 'screenshotMs', 'hierarchyMs', 'activityMs', 'packagesMs', 'agentMs', 'writeMs', 'totalMs'] as const) console.log(`  ${k.padEnd(13)} ${avg(k).toFixed(1).padStart(6)}   (3 devices: ${avg(k, steps3).toFixed(1)})`);
    console.log(`  own overhead (step minus device capture time): mean ${(overhead.reduce((a, b) => a + b, 0) / overhead.length).toFixed(1)} ms, p50 ${overhead[Math.floor(overhead.length / 2)]!.toFixed(1)} ms, p95 ${overhead[Math.floor(overhead.length * 0.95)]!.toFixed(1)} ms (target < 30)`);
    const n1 = one.records.reduce((a, r) => a + r.steps.length, 0);
    const n3 = three.records.reduce((a, r) => a + r.steps.length, 0);
    console.log(`1 device: ${(one.wallMs / 1000).toFixed(1)} s for ${n1} steps (${(n1 / one.wallMs * 1000).toFixed(1)} steps/s); CPU runner ${(one.runnerCpu / 1000).toFixed(1)} s, phones ${(one.deviceCpu / 1000).toFixed(1)} s`);
    console.log(`3 devices: ${(three.wallMs / 1000).toFixed(1)} s for ${n3} steps (${(n3 / three.wallMs * 1000).toFixed(1)} steps/s); CPU runner ${(three.runnerCpu / 1000).toFixed(1)} s, phones ${(three.deviceCpu / 1000).toFixed(1)} s`);
    console.log(`speedup of 3 devices over 1: ${mid.toFixed(2)}x, median of ${ratios.map((r) => r.toFixed(2)).join(', ')} (target >= 1.8x); os.loadavg ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
    const base = process.env.BENCH_BASELINE;
    if (base) {
      // Old against new on one phone, taking turns episode by episode: this machine's speed drifts by 2x
      // within seconds, so whole runs in turns were ±20% noise. Per task ABBA (old, new, new, old or the
      // reverse), the lower of each side's two episodes (other load only ever adds time); a round is every
      // task once, and its ratio is of the sums. Printed: the medians over rounds.
      for (const checkout of base.split(',')) {
        const old = await runnerOf(resolve(checkout), dataset, adb.port, serials);
        const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).stdout.trim() || checkout;
        const one = [devices[0]!];
        await run(one, 'old-warm', old);
        const ROUNDS = Number(process.env.BENCH_PAIRS ?? 8);
        const o: { wall: number; cpu: number }[] = [];
        const n: { wall: number; cpu: number }[] = [];
        for (let k = 0; k < ROUNDS; k++) {
          const sum = { old: { wall: 0, cpu: 0 }, new: { wall: 0, cpu: 0 } };
          for (const [ti, task] of tasks.entries()) {
            const order = (k + ti) % 2 ? [old, runner, runner, old] : [runner, old, old, runner];
            const r: Awaited<ReturnType<typeof run>>[] = [];
            for (const [i, lib] of order.entries()) r.push(await run(one, `pair-${k}-${ti}-${i}`, lib, [task.episode]));
            for (const [side, lib] of [['old', old], ['new', runner]] as const) {
              const mine = r.filter((_, i) => order[i] === lib);
              sum[side].wall += Math.min(...mine.map((x) => x.wallMs));
              sum[side].cpu += Math.min(...mine.map((x) => x.runnerCpu));
            }
          }
          o.push(sum.old); n.push(sum.new);
        }
        const med = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
        const perEp = tasks.length;
        for (const k of ['wall', 'cpu'] as const) {
          const ratio = n.map((x, i) => x[k] / o[i]![k]);
          console.log(`${commit} vs this checkout, 1 device, ${k === 'wall' ? 'wall time' : 'runner CPU'} per episode: ${(med(o.map((x) => x[k])) / perEp).toFixed(1)} vs ${(med(n.map((x) => x[k])) / perEp).toFixed(1)} ms (medians of ${ROUNDS} rounds of the ${perEp} tasks, in turns episode by episode, ABBA, the lower of two a side); new/old ${med(ratio).toFixed(3)} (rounds ${ratio.map((x) => x.toFixed(2)).join(' ')}; < 1 is faster)`);
        }
      }
    } else {
      console.log('baseline: set BENCH_BASELINE to another checkout (with node_modules) to compare old and new in the same run.');
    }
  } finally {
    serve.kill('SIGINT');
    await new Promise((r) => serve.once('exit', r));
    await adb.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

void main().catch((e: unknown) => { console.error(e); process.exit(1); });
