/** Faults a test can switch on at start (`--faults`) or at run time (`device.faults`). */
export interface Faults {
  /** Added before every service reply, in ms. */
  latencyMs: number;
  /** `uiautomator dump` fails with Android's real error text. */
  dumpFails: boolean;
  /** After each input the screen keeps changing (animation) for this long, in ms. */
  animationMs: number;
  /** Every Nth stream open drops the whole connection instead (0 = never). */
  dropEvery: number;
  /** The device disappears (stops listening, drops connections) this long after it starts (0 = never). */
  vanishAfterMs: number;
}

export const NO_FAULTS: Faults = { latencyMs: 0, dumpFails: false, animationMs: 0, dropEvery: 0, vanishAfterMs: 0 };

/** Android's text when the UI never becomes idle (UiAutomation.waitForIdle timed out). */
export const DUMP_IDLE_ERROR = 'ERROR: could not get idle state.';

/**
 * Parses `latency=50,dump-fails,animation=800,drop-every=5,vanish-after=3000` (the CLI's `--faults`).
 * Throws naming the bad item.
 */
export function parseFaults(spec: string): Faults {
  const f: Faults = { ...NO_FAULTS };
  for (const item of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [key, raw] = item.split('=');
    const n = Number(raw);
    const needNum = (): number => {
      if (!Number.isFinite(n) || n < 0) throw new Error(`--faults: '${item}' needs a non-negative number, e.g. ${key}=100`);
      return n;
    };
    switch (key) {
      case 'latency': f.latencyMs = needNum(); break;
      case 'dump-fails': f.dumpFails = true; break;
      case 'animation': f.animationMs = needNum(); break;
      case 'drop-every': f.dropEvery = needNum(); break;
      case 'vanish-after': f.vanishAfterMs = needNum(); break;
      default: throw new Error(`--faults: unknown fault '${key}'; use latency=MS, dump-fails, animation=MS, drop-every=N, vanish-after=MS`);
    }
  }
  return f;
}
