import cliProgress from 'cli-progress';

/**
 * Progress of a run on stderr: a bar on a terminal, else one line per
 * finished unit (episodes are few and slow, so every one is worth a line).
 */
export function runProgress(label: string, quiet = false): { update(done: number, total: number, message?: string): void; stop(): void } {
  if (quiet) return { update: () => undefined, stop: () => undefined };
  const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: `${label} [{bar}] {value}/{total} | {msg}`, hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
  let started = false;
  let last = -1;
  return {
    update(done, total, message = '') {
      if (bar) {
        if (!started) { bar.start(total, 0, { msg: '' }); started = true; }
        bar.setTotal(total);
        bar.update(done, { msg: message.slice(0, 70) });
        return;
      }
      if (done !== last) { last = done; console.error(`${label}: ${done}/${total}${message ? ` ${message}` : ''}`); }
    },
    stop() { if (started) bar?.stop(); },
  };
}
