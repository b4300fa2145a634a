export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';

export interface LogEntry { seq: number; time: Date; pid: number; tid: number; priority: LogPriority; tag: string; message: string }

/** logcat's `-v` formats (system/logging/liblog/logprint.cpp), the ones agent harnesses ask for. */
export const LOG_FORMATS = ['threadtime', 'time', 'brief', 'tag', 'process', 'raw', 'epoch'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** One line as `logcat -v FORMAT` prints it, in the device's zone (UTC). */
export function formatLogEntry(e: LogEntry, format: LogFormat): string {
  const d = e.time;
  const stamp = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
  const pid = String(e.pid).padStart(5);
  switch (format) {
    case 'threadtime': return `${stamp} ${pid} ${String(e.tid).padStart(5)} ${e.priority} ${e.tag.padEnd(8)}: ${e.message}`;
    case 'time': return `${stamp} ${e.priority}/${e.tag.padEnd(8)}(${pid}): ${e.message}`;
    case 'brief': return `${e.priority}/${e.tag.padEnd(8)}(${pid}): ${e.message}`;
    case 'tag': return `${e.priority}/${e.tag.padEnd(8)}: ${e.message}`;
    case 'process': return `${e.priority}(${pid}) ${e.message}  (${e.tag})`;
    case 'raw': return e.message;
    case 'epoch': {
      // "%19lld.%03ld": seconds right-aligned in 19 columns
      const ms = d.getTime();
      return `${String(Math.floor(ms / 1000)).padStart(19)}.${pad(ms % 1000, 3)} ${pid} ${String(e.tid).padStart(5)} ${e.priority} ${e.tag.padEnd(8)}: ${e.message}`;
    }
  }
}

/** The device's main log buffer: a ring of entries, with listeners for `logcat` without -d. */
export class LogBuffer {
  private entries: LogEntry[] = [];
  private seq = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => Date, private readonly max = 2000) {}

  add(priority: LogPriority, tag: string, message: string, pid = 1000, tid = 1234): void {
    this.entries.push({ seq: ++this.seq, time: this.now(), pid, tid, priority, tag, message });
    if (this.entries.length > this.max) this.entries.shift();
    for (const l of this.listeners) l();
  }

  /** Entries after `afterSeq` (all by default). */
  since(afterSeq = 0): LogEntry[] { return this.entries.filter((e) => e.seq > afterSeq); }
  clear(): void { this.entries = []; }
  /** Calls `cb` on every new entry until the returned function is called. */
  subscribe(cb: () => void): () => void { this.listeners.add(cb); return () => this.listeners.delete(cb); }
}
