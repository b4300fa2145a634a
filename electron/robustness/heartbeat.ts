/**
 * Loaded into a `touchstone serve` under test (`node --import …/heartbeat.ts`): a 10 ms timer on the
 * server's own thread notes each late tick in TOUCHSTONE_TEST_HEARTBEAT as `<end epoch ms> <gap ms> <cpu ms>`.
 * A gap is how long the thread could not run a timer; cpu is the CPU time the main thread itself used within
 * that gap (Linux: /proc/self/task/<pid>/stat, 10 ms ticks; elsewhere the whole process's). A gap with little
 * cpu was the machine (other processes had the cores); one with cpu near the gap was the server's own work.
 * Test-only: nothing in the product loads it.
 */
import { appendFileSync, readFileSync } from 'node:fs';

const file = process.env.TOUCHSTONE_TEST_HEARTBEAT;
/** Gaps shorter than this are not written (a tick is due every 10 ms; a busy machine delays it a little). */
const NOTE_FROM_MS = 40;
const MAIN_THREAD = `/proc/self/task/${process.pid}/stat`;
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms the main thread has used (user + system); the whole process's where /proc is missing. */
function mainThreadCpuMs(): number {
  try {
    // Fields after the command name (which may hold spaces) close with ')': utime and stime are the 12th and 13th.
    const f = readFileSync(MAIN_THREAD, 'latin1').split(')').pop()!.trim().split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

if (file) {
  let last = performance.now();
  let cpu = mainThreadCpuMs();
  const tick = (): void => {
    const now = performance.now();
    const used = mainThreadCpuMs();
    const gap = now - last - 10;
    if (gap >= NOTE_FROM_MS) appendFileSync(file, `${Date.now()} ${gap.toFixed(1)} ${(used - cpu).toFixed(1)}\n`);
    last = now;
    cpu = used;
  };
  setInterval(tick, 10).unref();
}
