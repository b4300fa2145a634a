export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E';

/** The device's main log buffer, printed by `logcat -d` in the threadtime format. */
export class LogBuffer {
  private readonly lines: string[] = [];

  constructor(private readonly now: () => Date, private readonly max = 2000) {}

  /** `MM-DD HH:MM:SS.mmm  PID  TID P TAG     : message`, in the device's zone (UTC). */
  add(priority: LogPriority, tag: string, message: string): void {
    const d = this.now();
    const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
    const stamp = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
    this.lines.push(`${stamp}  1000  1234 ${priority} ${tag.padEnd(8)}: ${message}`);
    if (this.lines.length > this.max) this.lines.shift();
  }

  all(): string[] { return [...this.lines]; }
  clear(): void { this.lines.length = 0; }
}
