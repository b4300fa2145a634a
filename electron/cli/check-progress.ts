import { SingleBar, Presets } from 'cli-progress';

/** Below this many episodes a check is quick enough that progress output would only be noise. */
const MIN_TOTAL = 50;

/**
 * Progress of a long check on stderr: a live bar where a person watches (a
 * terminal), else a plain line at the start and every tenth, which reads well
 * in CI logs. Returns the callback for `checkDataset` and `stop` for the end.
 */
export function checkProgress(stream: NodeJS.WriteStream = process.stderr): { onProgress(done: number, total: number): void; stop(): void } {
  let bar: SingleBar | undefined;
  let lastTenth = -1;
  return {
    onProgress(done, total) {
      if (total < MIN_TOTAL) return;
      if (stream.isTTY) {
        if (!bar) {
          bar = new SingleBar({ stream, format: 'checking {bar} {value}/{total} episodes', hideCursor: true }, Presets.shades_classic);
          bar.start(total, 0);
        }
        bar.update(done);
        return;
      }
      const tenth = Math.floor((10 * done) / total);
      if (lastTenth < 0) {
        stream.write(`checking ${total} episodes…\n`);
        lastTenth = 0;
      }
      if (tenth > lastTenth) {
        stream.write(`checked ${done}/${total} episodes\n`);
        lastTenth = tenth;
      }
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
