/**
 * Episode runner on virtual devices through the real adb server.
 * Run: npm run bench runner   (needs Debian's adb on PATH)
 * Prints the per-step time split (action, stability wait, screenshot, hierarchy, activity, write) and
 * Touchstone's own overhead per step, then the speedup of 3 devices over 1 and the CPU split.
 * Targets: own overhead < 30 ms/step; 3 devices >= 1.8x one.
 * The phones run in a child process (`touchstone device serve --count 3`), so the runner's CPU and the
 * devices' CPU can be told apart.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
    const run = async (devs: typeof devices, out: string): Promise<{ wallMs: number; records: EpisodeRecord[]; runnerCpu: number; deviceCpu: number }> => {
      const c0 = process.cpuUsage();
      const d0 = cpuOf(serve.pid!);
      const t0 = performance.now();
      const r = await runAgents({
        tasks, agents: ['replay'], repeat: 1, out: join(tmp, out), devices: devs, shellFor: (s) => adbShell(mgr.client, s), evaluate: false,
        limits: { maxSteps: 20, stepTimeoutMs: 60_000, episodeTimeoutMs: 300_000 }, resume: false, seed: 1, agentSettings: {}, signal: new AbortController().signal,
      });
      const wallMs = performance.now() - t0;
      const c = process.cpuUsage(c0);
      return { wallMs, records: r.items.map((x) => x.record), runnerCpu: (c.user + c.system) / 1000, deviceCpu: cpuOf(serve.pid!) - d0 };
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
  } finally {
    serve.kill('SIGINT');
    await new Promise((r) => serve.once('exit', r));
    await adb.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

void main().catch((e: unknown) => { console.error(e); process.exit(1); });
