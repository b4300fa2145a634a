/**
 * Virtual device latencies through adbkit and the adb CLI.
 * Run: npx tsx bench/virtual-device.bench.ts   (needs Debian's adb on PATH)
 * Targets: shell p50 < 5 ms, screencap p50 < 20 ms for an unchanged screen.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as adbkit from '@devicefarmer/adbkit';

// adbkit is CommonJS: depending on the loader (Node ESM, vitest) its exports sit on the namespace or on `default`.
const Adb = adbkit.Adb ?? (adbkit as unknown as { default: typeof adbkit }).default.Adb;
import { readAll, startAdbServer, startVirtualDevice } from '../electron/virtual-device/testing';

async function time(n: number, f: () => Promise<unknown>): Promise<number[]> {
  await f(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const pct = (xs: number[], p: number): number => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main(): Promise<void> {
  const adb = await startAdbServer();
  const dev = await startVirtualDevice({ world: 'demo', adb });
  const client = Adb.createClient({ port: adb.port });
  const device = client.getDevice(dev.serial);
  const tmp = mkdtempSync(join(tmpdir(), 'vd-bench-'));
  const rows: [string, string, string, string][] = [];
  const row = (name: string, xs: number[], target = ''): void => { rows.push([name, pct(xs, 50).toFixed(2), pct(xs, 95).toFixed(2), target]); };
  try {
    row('shell echo (adbkit)', await time(200, async () => readAll(await device.shell('echo hi'))), '< 5 ms');
    row('shell echo (adb CLI, incl. process start)', await time(40, () => adb.adb(['-s', dev.serial, 'shell', 'echo hi'])));
    row('screencap unchanged (adbkit)', await time(60, async () => readAll(await device.screencap())), '< 20 ms');
    row('screencap unchanged (adb exec-out)', await time(30, () => adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])));
    await readAll(await device.shell('monkey -p com.touchstone.clock 1'));
    row('screencap after state change (render+encode)', await time(15, async () => {
      await readAll(await device.shell('input tap 700 1150')); // Counter app '+': a new, uncached screen each time
      return readAll(await device.screencap());
    }));
    row('uiautomator dump /dev/tty (adbkit)', await time(100, async () => readAll(await device.shell('uiautomator dump /dev/tty'))));

    const size = 32 * 1024 * 1024;
    dev.device.fs.write('/data/local/tmp/big.bin', randomBytes(size));
    const kit = await time(5, async () => readAll(await device.pull('/data/local/tmp/big.bin')));
    const cli = await time(5, () => adb.adb(['-s', dev.serial, 'pull', '/data/local/tmp/big.bin', join(tmp, 'big.bin')]));
    console.log('\nVirtual device benchmark (demo world, 1080x2400, loopback)\n');
    console.log(`${'measure'.padEnd(46)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}  target`);
    for (const [n, p50, p95, t] of rows) console.log(`${n.padEnd(46)}${p50.padStart(9)}${p95.padStart(9)}  ${t}`);
    const mbps = (xs: number[]): string => ((size / 1024 / 1024) / (pct(xs, 50) / 1000)).toFixed(0);
    console.log(`\npull 32 MiB throughput (median of 5): adbkit ${mbps(kit)} MiB/s, adb CLI ${mbps(cli)} MiB/s`);
  } finally {
    await dev.stop();
    await adb.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => { console.error(e); process.exitCode = 1; });
