import type { CommandFn, CommandIO } from '../types';

/** toybox ps and pidof over a fixed Android 12 process table plus the foreground app. */

/** The foreground app's pid and uid, the same ones `dumpsys activity top` and `dumpsys window` print. */
export const APP_PID = 4242;
export const APP_USER = 'u0_a123';
/** The shell `adb shell` runs (`$$`), and the `ps` it starts. */
export const SHELL_PID = 5218;

const LAUNCHER = 'com.google.android.apps.nexuslauncher';

interface Proc { user: string; pid: number; ppid: number; vsz: number; rss: number; wchan: string; s: string; name: string }

const p = (user: string, pid: number, ppid: number, vsz: number, rss: number, wchan: string, name: string, s = 'S'): Proc => ({ user, pid, ppid, vsz, rss, wchan, s, name });

const SYSTEM: Proc[] = [
  p('root', 1, 0, 10904884, 9960, 'do_epoll_+', 'init'),
  p('root', 2, 0, 0, 0, 'kthreadd', '[kthreadd]'),
  p('root', 167, 1, 10765448, 4564, 'do_sys_po+', 'ueventd'),
  p('logd', 238, 1, 10824832, 6876, '__do_sys_+', 'logd'),
  p('system', 242, 1, 10762852, 3892, 'binder_th+', 'servicemanager'),
  p('shell', 301, 1, 10840580, 4228, 'do_epoll_+', 'adbd'),
  p('root', 354, 1, 14634048, 98620, 'do_sys_po+', 'zygote64'),
  p('root', 355, 1, 1735156, 84408, 'do_sys_po+', 'zygote'),
  p('system', 587, 354, 18613696, 251908, 'do_epoll_+', 'system_server'),
  p('u0_a105', 1127, 354, 16092576, 196544, 'do_epoll_+', 'com.android.systemui'),
  p('u0_a120', 1288, 354, 14978324, 120404, 'do_epoll_+', 'com.google.android.inputmethod.latin'),
  p('u0_a110', 1402, 354, 15417632, 168220, 'do_epoll_+', LAUNCHER),
];

/** Every process: the system ones, the foreground app (unless it is one of them), this shell and the `self` command it runs. */
export function processes(io: CommandIO, self: string): Proc[] {
  const pkg = io.host.world().screen(io.host.now()).activity.split('/')[0];
  const list = SYSTEM.filter((x) => x.name !== pkg);
  // Whatever is in front runs as the uid and pid the window and activity dumps give it.
  list.push(p(APP_USER, APP_PID, 354, 15002140, 142088, 'do_epoll_+', pkg));
  list.push(p('shell', SHELL_PID, 301, 10800556, 3676, '__do_sys_+', 'sh'), p('shell', SHELL_PID + 1, SHELL_PID, 10839260, 3900, '0', self, 'R'));
  return list.sort((a, b) => a.pid - b.pid);
}

/** toybox's columns: width and side; wide values push the rest right, as on a device. */
const COLUMNS: Record<string, { width: number; left: boolean; of: (x: Proc) => string }> = {
  USER: { width: 12, left: true, of: (x) => x.user },
  PID: { width: 6, left: false, of: (x) => String(x.pid) },
  PPID: { width: 6, left: false, of: (x) => String(x.ppid) },
  VSZ: { width: 7, left: false, of: (x) => String(x.vsz) },
  RSS: { width: 6, left: false, of: (x) => String(x.rss) },
  WCHAN: { width: 10, left: true, of: (x) => x.wchan },
  ADDR: { width: 10, left: false, of: () => '0' },
  S: { width: 1, left: true, of: (x) => x.s },
  NAME: { width: 0, left: true, of: (x) => x.name },
};
const DEFAULT_COLUMNS = ['USER', 'PID', 'PPID', 'VSZ', 'RSS', 'WCHAN', 'ADDR', 'S', 'NAME'];

const ps: CommandFn = (io) => {
  const args = io.args.slice(1);
  const value = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const all = args.some((a) => /^-[a-zA-Z]*[Ae]/.test(a));
  const pids = value('-p')?.split(',').map(Number);
  const labels = value('-o')?.toUpperCase().split(',') ?? DEFAULT_COLUMNS;
  // The command line is the name here: no process has arguments.
  const cols = labels.map((c) => (c === 'ARGS' || c === 'CMD' || c === 'CMDLINE' ? 'NAME' : c));
  const unknown = cols.find((c) => !COLUMNS[c]);
  if (unknown) { io.err(`ps: bad -o ${unknown}\n`); return 1; }
  const line = (cells: string[]): string => cells.map((v, i) => {
    const c = COLUMNS[cols[i]];
    // The last column is never padded.
    return i === cells.length - 1 ? v : c.left ? v.padEnd(c.width) : v.padStart(c.width);
  }).join(' ');
  // Without -A toybox lists the caller's own processes only.
  const shown = processes(io, 'ps').filter((x) => (pids ? pids.includes(x.pid) : all || x.pid >= SHELL_PID));
  const lines = [line(labels), ...shown.map((x) => line(cols.map((c) => COLUMNS[c].of(x))))];
  io.out(lines.join('\n') + '\n');
  return 0;
};

/** `pidof [-s] NAME...`: the pids of every named process, newest first; status 1 when none runs. */
const pidof: CommandFn = (io) => {
  const args = io.args.slice(1);
  const single = args.includes('-s');
  const names = args.filter((a) => !a.startsWith('-'));
  // pidof leaves itself out.
  const found = processes(io, 'pidof').filter((x) => x.pid !== SHELL_PID + 1 && names.includes(x.name)).map((x) => x.pid).reverse();
  if (!found.length) return 1;
  io.out((single ? found.slice(0, 1) : found).join(' ') + '\n');
  return 0;
};

export const processCommands: [string, CommandFn][] = [['ps', ps], ['pidof', pidof]];
