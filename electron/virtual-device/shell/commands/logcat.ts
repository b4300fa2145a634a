import type { CommandFn } from '../types';
import { formatLogEntry, LOG_FORMATS, type LogEntry, type LogFormat } from '../../logcat';

const LEVELS = 'VDIWEFS';
const BUFFERS = new Set(['main', 'system', 'radio', 'events', 'crash', 'all', 'default', 'kernel', 'security', 'stats']);

/** `TAG:P` filter specs (and ANDROID_LOG_TAGS): the first matching tag wins, `*` sets the default. */
function filterOf(specs: string[], silentByDefault: boolean): ((e: LogEntry) => boolean) | string {
  const byTag = new Map<string, number>();
  let fallback = silentByDefault ? LEVELS.indexOf('S') : 0;
  for (const spec of specs) {
    const [tag, pri = 'V'] = spec.split(':');
    const level = LEVELS.indexOf(pri.toUpperCase()[0] ?? 'V');
    if (!tag || level < 0 || pri.length !== 1) return `Invalid filter expression '${spec}'`;
    if (tag === '*') fallback = level;
    else byTag.set(tag, level);
  }
  return (e) => LEVELS.indexOf(e.priority) >= (byTag.get(e.tag) ?? fallback);
}

/**
 * toybox-era `logcat` (Android 12): `-d` dumps and exits, `-c` clears, `-v FORMAT`, `-s` (silence all but the
 * filter specs), `-t N` (last N, implies -d), `-T N`, `-m N`, `-b BUFFER`, `TAG:P` specs; without -d it
 * follows the log until the client hangs up.
 */
export const logcat: CommandFn = async (io) => {
  const args = io.args.slice(1);
  let format: LogFormat = 'threadtime';
  let dump = false;
  let silent = false;
  let tail: number | null = null;
  let max = Infinity;
  const specs: string[] = (io.env.get('ANDROID_LOG_TAGS') ?? '').split(/\s+/).filter(Boolean);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string | undefined => (a.length > 2 && !a.startsWith('--') ? a.slice(2) : args[++i]);
    if (a === '-c' || a === '--clear') { io.host.logs.clear(); return 0; }
    if (a === '-d') dump = true;
    else if (a === '-s') silent = true;
    else if (a.startsWith('-v')) {
      const v = value() ?? '';
      if ((LOG_FORMATS as readonly string[]).includes(v)) format = v as LogFormat;
      else if (!['color', 'descriptive', 'epoch', 'monotonic', 'printable', 'uid', 'usec', 'UTC', 'year', 'zone', 'nsec', 'long'].includes(v)) {
        io.err(`logcat: Invalid parameter "${v}" to -v\n`);
        return 1;
      }
    } else if (a.startsWith('-b')) {
      for (const b of (value() ?? '').split(',')) if (!BUFFERS.has(b)) { io.err(`logcat: unknown buffer "${b}"\n`); return 1; }
    } else if (a.startsWith('-t') || a.startsWith('-T')) { tail = Number(value()); if (a.startsWith('-t')) dump = true; }
    else if (a.startsWith('-m')) max = Number(value());
    else if (a.startsWith('-')) { io.err(`logcat: unknown option -- ${a.replace(/^-+/, '')}\n`); return 1; }
    else specs.push(a);
  }
  const keep = filterOf(specs, silent);
  if (typeof keep === 'string') { io.err(`logcat: ${keep}\n`); return 1; }
  const logs = io.host.logs;
  let printed = 0;
  let last = 0;
  const emit = (entries: LogEntry[]): void => {
    const lines: string[] = [];
    for (const e of entries) {
      last = e.seq;
      if (!keep(e) || printed >= max) continue;
      printed++;
      lines.push(formatLogEntry(e, format) + '\n');
    }
    if (lines.length) io.out(lines.join(''));
  };
  let first = logs.since();
  if (tail !== null && Number.isFinite(tail)) first = first.filter(keep).slice(-tail);
  io.out('--------- beginning of main\n');
  emit(first);
  if (first.length) last = Math.max(last, first[first.length - 1].seq);
  // Following needs a client that can hang up; in-process runs dump.
  if (dump || !io.hungUp) return 0;
  const hungUp = io.hungUp;
  while (printed < max && !hungUp()) {
    await new Promise<void>((resolve) => {
      const stop = logs.subscribe(() => { stop(); clearTimeout(t); resolve(); });
      const t = setTimeout(() => { stop(); resolve(); }, 100);
    });
    emit(logs.since(last));
  }
  return 0;
};
