// Run view, measured in Chromium (web mode) against virtual phones through the real adb server:
// (1) mirror frame latency: `device:screen` request to the frame decoded in the page, target p50 < 150 ms;
// (2) with 4 devices running the random agent: input latency (a key typed in the task filter to the next
// frame after the page handled it), target < 50 ms, and the page's main-thread CPU per device (CDP TaskDuration).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppService } from '../electron/app';
import { createDemoDataset } from '../electron/core/demo/create-demo';
import { startServer } from '../electron/server';
import { HAVE_ADB, startAdbServer } from '../electron/virtual-device/testing';
import { ensureRendererBuilt, haveChromium, launchChromium, RENDERER_DIR } from '../e2e/testing/harness';
import { RunPage } from '../e2e/pages/run-page';

if (!HAVE_ADB || !haveChromium) {
  console.log('run-view bench: needs adb and Chromium at /usr/bin/chromium; nothing to measure.');
  process.exit(0);
}
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const verdict = (ms: number, target: number): string => `target < ${target} ms: ${ms < target ? 'met' : 'NOT met'}`;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'touchstone-runview-bench-'));
const adb = await startAdbServer();
process.env.ANDROID_ADB_SERVER_PORT = String(adb.port);
const dataset = path.join(tmp, 'demo');
await createDemoDataset({ out: dataset, traces: false, transport: 'in-process', only: ['demo01', 'demo13', 'demo14', 'demo15'] });
await ensureRendererBuilt();
const server = await startServer({ rendererDir: RENDERER_DIR, createService: (fileUrl) => createAppService({ mode: 'web', version: 'bench', stateDir: path.join(tmp, 'state'), fileUrl }) });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  const run = new RunPage(page);
  await page.goto(`${server.url}#/run?root=${encodeURIComponent(dataset)}`);
  await run.waitReady('run');
  await run.startVirtualDevice(1);
  await run.mirror.waitFor();
  await page.evaluate('window.__mirrorLatency = []');
  // Polled from here: the page's CSP refuses string evaluation inside it (waitForFunction).
  for (let until = Date.now() + 60_000; (await page.evaluate('window.__mirrorLatency.length')) as number < 40 && Date.now() < until;) await new Promise((r) => setTimeout(r, 250));
  const lat = await page.evaluate('window.__mirrorLatency.slice()') as number[];
  console.log(`mirror frame latency (request to decoded in the page, 1080x2400 PNG, ${lat.length} frames at 4 fps): p50 ${pct(lat, 0.5).toFixed(0)} ms, p95 ${pct(lat, 0.95).toFixed(0)} ms; ${verdict(pct(lat, 0.5), 150)}`);

  // Each keystroke: from the event's time stamp to the frame after React has filtered the list.
  await page.evaluate(`(() => {
    window.__inputLatency = [];
    document.addEventListener('input', (e) => { const t = e.timeStamp; requestAnimationFrame(() => setTimeout(() => window.__inputLatency.push(performance.now() - t), 0)); }, true);
  })()`);
  const typeKeys = async (): Promise<number[]> => {
    await page.evaluate('window.__inputLatency = []');
    const filter = page.getByLabel('Filter tasks');
    for (let i = 0; i < 60; i++) {
      await filter.press(i % 2 ? 'Backspace' : 'd');
      await page.waitForTimeout(100); // bench pacing (a person types ~10 keys/s), not a test wait
    }
    return await page.evaluate('window.__inputLatency.slice()') as number[];
  };
  // The same keys with no run: what this machine's load alone costs (other processes share its cores).
  const idle = await typeKeys();
  console.log(`input latency with no run (1 device mirrored, ${idle.length} keys): p50 ${pct(idle, 0.5).toFixed(1)} ms, p95 ${pct(idle, 0.95).toFixed(1)} ms; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);

  for (let n = 2; n <= 4; n++) await run.startVirtualDevice(n);
  await run.pickTasks(['demo01', 'demo13', 'demo14', 'demo15']);
  await page.getByLabel('Agent').selectOption('random');
  await page.getByLabel('Step limit').fill('60');
  // Enough episodes that the run outlasts the measurement (steps take a few ms on the virtual phones).
  await run.setRepeats(40);
  await run.startRun();
  const serials = await run.serials();
  for (const s of serials) await run.tileWithStep(s).waitFor({ timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async (): Promise<number> => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0);
  const steps0 = Number(await page.locator('.step-log').getAttribute('data-steps'));
  const t0 = performance.now();
  const cpu0 = await task();
  const inputs = await typeKeys();
  const cpu = (await task()) - cpu0;
  const wall = (performance.now() - t0) / 1000;
  const steps = (await page.locator('[data-run-status="running"]').count()) ? 'running' : 'ended early';
  const stepsDone = Number(await page.locator('.step-log').getAttribute('data-steps')) - steps0;
  console.log(`input latency with ${serials.length} devices running (${inputs.length} keys in the task filter): p50 ${pct(inputs, 0.5).toFixed(1)} ms, p95 ${pct(inputs, 0.95).toFixed(1)} ms; ${verdict(pct(inputs, 0.95), 50)} (p95)`);
  console.log(`page main-thread CPU during the run: ${(100 * cpu / wall).toFixed(1)}% of one core for ${serials.length} devices = ${(100 * cpu / wall / serials.length).toFixed(1)}% per device, while ${stepsDone} steps arrived (${(stepsDone / wall).toFixed(1)} steps/s, ${stepsDone ? ((cpu * 1000) / stepsDone).toFixed(1) : '-'} ms of page CPU per step; run ${steps}); load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await page.locator('[data-action="cancel-run"]').click().catch(() => undefined);
  await run.run('cancelled').waitFor({ timeout: 60_000 }).catch(() => undefined);
} finally {
  await browser.close();
  await server.close();
  await adb.stop();
  rmSync(tmp, { recursive: true, force: true });
}
