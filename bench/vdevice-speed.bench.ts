/**
 * Issue 18 speed targets of the virtual device, through adbkit and a private adb server:
 *   screencap right after a state change  p50 < 20 ms  (renders cached per state, rendered when the input lands,
 *                                                       unchanged row bands keep their compressed bytes)
 *   shell round trip                       p50 < 2 ms
 *   8 devices in one process, each run by an agent loop at once (tap, 300 ms for the UI to settle as agent
 *   harnesses wait, screencap, uiautomator dump): screencap p95 < 50 ms; measured twice: the loops in lockstep
 *   on one task pass through the same screens, rendered once for all (the render pool's shared cache), then
 *   with sharing off, every device rendering every screen itself. The device-side wait for the PNG is printed
 *   under each: what is left is the adb transport and the scheduling of the adb server and this process.
 * Also printed without a target: the same 8 devices tapping and capturing back to back with no settling time,
 * where every capture waits for its own new render (the worst case; bounded by the render thread).
 * Run: npm run bench vdevice-speed   (needs Debian's adb on PATH)
 */
import { availableParallelism, loadavg } from 'node:os';
import * as adbkit from '@devicefarmer/adbkit';
import { readAll, startAdbServer, startVirtualDevice, type StartedDevice } from '../electron/virtual-device/testing';
import { renderPool } from '../electron/virtual-device/world/render-pool';

// adbkit is CommonJS: depending on the loader its exports sit on the namespace or on `default`.
const Adb = adbkit.Adb ?? (adbkit as unknown as { default: typeof adbkit }).default.Adb;
type Device = ReturnType<ReturnType<typeof Adb.createClient>['getDevice']>;

const pct = (xs: number[], p: number): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const timed = async (f: () => Promise<unknown>): Promise<number> => { const t = performance.now(); await f(); return performance.now() - t; };
const shell = async (d: Device, cmd: string): Promise<void> => { await readAll(await d.shell(cmd)); };

/** Counter app: every tap on '+' is a new screen nobody has rendered yet. */
async function openCounter(d: Device): Promise<void> { await shell(d, 'monkey -p com.touchstone.clock 1'); }

async function main(): Promise<void> {
  const adb = await startAdbServer();
  const devs: StartedDevice[] = [];
  const rows: [string, number, number, string, boolean][] = [];
  try {
    for (let i = 0; i < 8; i++) devs.push(await startVirtualDevice({ world: 'demo', adb }));
    const client = Adb.createClient({ port: adb.port });
    const ds = devs.map((d) => client.getDevice(d.serial));
    const one = ds[0];

    const sh: number[] = [];
    await shell(one, 'echo warm');
    for (let i = 0; i < 200; i++) sh.push(await timed(() => shell(one, 'echo hi')));
    rows.push(['shell echo (adbkit)', pct(sh, 50), pct(sh, 95), 'p50 < 2 ms', pct(sh, 50) < 2]);

    await openCounter(one);
    await readAll(await one.screencap());
    const after: number[] = [];
    for (let i = 0; i < 40; i++) {
      await shell(one, 'input tap 700 1150');
      after.push(await timed(async () => readAll(await one.screencap())));
    }
    rows.push(['screencap right after a state change', pct(after, 50), pct(after, 95), 'p50 < 20 ms', pct(after, 50) < 20]);

    const revisit: number[] = [];
    for (let i = 0; i < 20; i++) {
      await shell(one, i % 2 ? 'input keyevent KEYCODE_BACK' : 'monkey -p com.touchstone.clock 1');
      revisit.push(await timed(async () => readAll(await one.screencap())));
    }
    rows.push(['screencap of a state seen before', pct(revisit, 50), pct(revisit, 95), '', true]);

    await Promise.all(ds.map(openCounter));
    // an agent looks before it acts: every device's first screen is seen once before the loops are timed
    await Promise.all(ds.map(async (d) => readAll(await d.screencap())));
    // the device side of each capture: how long it waited for its PNG (render thread), the rest is transport
    const waits: number[] = [];
    for (const d of devs) {
      const own = d.device.screenPng.bind(d.device);
      d.device.screenPng = async () => { const t = performance.now(); const png = await own(); waits.push(performance.now() - t); return png; };
    }
    // Agent loops in lockstep on one task: the devices pass through the same screens, which are rendered once
    // for all (renderPool's shared cache); then again with every device rendering every screen itself.
    for (const sharing of [true, false]) {
      renderPool.sharing = sharing;
      const agent: number[] = [];
      waits.length = 0;
      const until = Date.now() + 8000;
      await Promise.all(ds.map(async (d) => {
        while (Date.now() < until) {
          await shell(d, 'input tap 700 1150');
          await new Promise((r) => setTimeout(r, 300));
          agent.push(await timed(async () => readAll(await d.screencap())));
          await shell(d, 'uiautomator dump /dev/tty');
        }
      }));
      const how = sharing ? 'screens shared' : 'no sharing';
      rows.push([`8 devices, agent loops, ${how} (${agent.length})`, pct(agent, 50), pct(agent, 95), 'p95 < 50 ms', pct(agent, 95) < 50]);
      rows.push(['  of which waiting for the PNG (device side)', pct(waits, 50), pct(waits, 95), '', true]);
    }
    renderPool.sharing = true;
    waits.length = 0;
    const load: number[] = [];
    const until = Date.now() + 5000;
    await Promise.all(ds.map(async (d) => {
      while (Date.now() < until) {
        await shell(d, 'input tap 700 1150');
        load.push(await timed(async () => readAll(await d.screencap())));
      }
    }));
    rows.push([`8 devices, back-to-back tap+screencap (${load.length})`, pct(load, 50), pct(load, 95), '', true]);
    rows.push(['  of which waiting for the PNG (device side)', pct(waits, 50), pct(waits, 95), '', true]);
  } finally {
    for (const d of devs) await d.stop();
    await adb.stop();
  }
  console.log(`\nVirtual device speed (demo world, 1080x2400, loopback, adbkit; ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at the end)\n`);
  console.log(`${'measure'.padEnd(48)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}  target`);
  for (const [n, p50, p95, target, ok] of rows) console.log(`${n.padEnd(48)}${p50.toFixed(2).padStart(9)}${p95.toFixed(2).padStart(9)}  ${target}${target ? (ok ? '  met' : '  MISSED') : ''}`);
}

main().catch((e: unknown) => { console.error(e); process.exitCode = 1; });
