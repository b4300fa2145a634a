import { Presets, SingleBar } from 'cli-progress';
import type { ProgressFn } from '../kernel/job-service';

export interface ProgressBarOptions {
  /** What is happening, e.g. 'checking', 'eval', 'run'. */
  label: string;
  /** What is counted, e.g. 'episodes', 'steps'. */
  unit: string;
  /** Below this total the job is quick enough that progress output would only be noise. */
  minTotal?: number;
  stream?: NodeJS.WriteStream;
}

/**
 * Progress of a long CLI job on stderr, fed by the same `ProgressFn` the core's
 * jobs report through: a live bar where a person watches (a terminal), else a
 * plain line at the start and every tenth, which reads well in CI logs.
 */
export function progressBar(o: ProgressBarOptions): { progress: ProgressFn; stop(): void } {
  const stream = o.stream ?? process.stderr;
  const minTotal = o.minTotal ?? 0;
  let bar: SingleBar | undefined;
  let lastTenth = -1;
  return {
    progress(done, total, detail) {
      if (total < minTotal || total <= 0) return;
      if (stream.isTTY) {
        if (!bar) {
          bar = new SingleBar({ stream, format: `${o.label} {bar} {value}/{total} ${o.unit} | {eta}s left | {message}`, hideCursor: true }, Presets.shades_classic);
          bar.start(total, 0, { message: '' });
        }
        bar.setTotal(total);
        bar.update(done, { message: detail?.message ?? '' });
        return;
      }
      const tenth = Math.floor((10 * done) / total);
      if (lastTenth < 0) {
        stream.write(`${o.label}: ${total} ${o.unit}…\n`);
        lastTenth = 0;
      }
      if (tenth > lastTenth) {
        stream.write(`${o.label}: ${done}/${total} ${o.unit} (${Math.round((100 * done) / total)}%)\n`);
        lastTenth = tenth;
      }
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
