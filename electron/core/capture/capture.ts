import type { Size } from '../../../shared/model';
import { normaliseComponent, parseFocusedWindow, parseForegroundActivity, parsePackageList } from '../../../shared/formats/dumpsys';
import { decodeText } from '../../platform/decode-text';
import type { DeviceShell } from './device-shell';

/** uiautomator's known transient failures: the UI was never idle, or the accessibility root was null. */
const TRANSIENT_DUMP = /could not get idle state|null root node|UiAutomationService .* already registered|Killed|ERROR: could not/i;

export interface CaptureOptions {
  /** Attempts at `uiautomator dump` before giving up (default 5). */
  dumpAttempts?: number;
  /** Pause before attempt k is k * this (default 150 ms). */
  dumpBackoffMs?: number;
  /** Stability wait: the longest to wait for two equal consecutive screenshots (default 3000 ms). */
  stableMaxMs?: number;
  /** Pause between stability captures (default 0: a screencap itself takes a frame or more). */
  stableIntervalMs?: number;
  /** Called for every retried dump (logs, tests). */
  onRetry?(attempt: number, error: string): void;
}

/** The result of a stability wait: the last screenshot, and how long it took beyond a single capture. */
export interface StableScreen { png: Buffer; captures: number; stable: boolean; waitedMs: number; lastCaptureMs: number }

/** Extracts the XML from `uiautomator dump /dev/tty` output (the XML, then "UI hierchary dumped to: /dev/tty"). */
export function extractDumpXml(out: string): string | null {
  const start = out.indexOf('<?xml');
  const at = start >= 0 ? start : out.indexOf('<hierarchy');
  const end = out.lastIndexOf('</hierarchy>');
  if (at < 0 || end < at) return null;
  return out.slice(at, end + '</hierarchy>'.length);
}

/** Foreground activity from `dumpsys activity activities` (or `dumpsys window`) text, fully qualified; null when none. */
export function foregroundFromDumpsys(text: string): string | null {
  const f = parseForegroundActivity(text);
  return f ? normaliseComponent(f.component) : null;
}

/** The line buildFacts and packagesAnd put between two commands' outputs. */
const FACT_MARK = '__touchstone_fact__';

/**
 * Reads one device's state the way the LlamaTouch recorder does, through adb:
 * screenshot, view hierarchy (retried on uiautomator's transient failures),
 * foreground activity, installed packages, screen size.
 */
export class DeviceCapture {
  private size?: Size;
  private facts?: Promise<{ build?: string; density?: string }>;

  constructor(readonly shell: DeviceShell, private readonly opts: CaptureOptions = {}) {}

  get serial(): string { return this.shell.serial; }

  /** Physical (or overridden) screen size from `wm size`. */
  async screenSize(): Promise<Size> {
    if (this.size) return this.size;
    const out = (await this.shell.run('wm size')).toString('utf8');
    const m = /Override size: (\d+)x(\d+)/.exec(out) ?? /Physical size: (\d+)x(\d+)/.exec(out);
    if (!m) throw new Error(`Device ${this.serial}: \`wm size\` gave no size (${out.trim().slice(0, 80)}).`);
    this.size = { width: Number(m[1]), height: Number(m[2]) };
    return this.size;
  }

  /**
   * The build fingerprint and the density (`wm density`, its "Physical density:" label dropped), asked
   * once per capture in one round trip: neither changes while a run holds the device (a configuration's
   * density override is restored after its episode). A fact the device does not give is left out.
   */
  buildFacts(): Promise<{ build?: string; density?: string }> {
    this.facts ??= this.shell.run(`getprop ro.build.fingerprint; echo '${FACT_MARK}'; wm density`, 5000).then((b) => {
      const [build, density] = b.toString('utf8').split(FACT_MARK).map((x) => x.trim());
      const said = (x: string | undefined): string | undefined => (x && !/not found|error/i.test(x) ? x : undefined);
      return { build: said(build), density: said(density)?.replace(/^Physical density:\s*/i, '') };
    }, () => {
      this.facts = undefined; // asked again next time (the device may be back)
      return {};
    });
    return this.facts;
  }

  screenshot(): Promise<Buffer> {
    return this.shell.screencap().then((png) => {
      if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) throw new Error(`Device ${this.serial}: screencap returned no PNG (${png.subarray(0, 60).toString('utf8')}).`);
      return png;
    });
  }

  /** `uiautomator dump`, retried with backoff on its transient failures; a clear error after the cap. */
  async hierarchy(): Promise<{ xml: string; attempts: number }> {
    const attempts = this.opts.dumpAttempts ?? 5;
    let last = '';
    for (let k = 1; k <= attempts; k++) {
      const out = (await this.shell.run('uiautomator dump /dev/tty')).toString('utf8');
      const xml = extractDumpXml(out);
      if (xml && !/<hierarchy[^>]*\/>\s*$/.test(xml)) return { xml, attempts: k };
      last = out.trim().split('\n')[0]?.slice(0, 200) ?? '';
      if (!TRANSIENT_DUMP.test(out) && xml === null && out.trim() !== '') break;
      this.opts.onRetry?.(k, last);
      if (k < attempts) await new Promise((r) => setTimeout(r, k * (this.opts.dumpBackoffMs ?? 150)));
    }
    throw new Error(`Device ${this.serial}: uiautomator dump failed ${attempts} time(s) ("${last || 'no output'}"). The screen may be animating without end (disable animations in Developer options) or uiautomator is busy (another agent holds it); stop the other tool and retry.`);
  }

  /**
   * The foreground activity, across Android versions; when no activity is named, the focused window's
   * title as the device prints it (`com.android.systemui.ImageWallpaper`, `NotificationShade`), as
   * recorders write it; '' only when the device names no focus at all (`mCurrentFocus=null`).
   */
  async activity(): Promise<string> {
    const quick = decodeText((await this.shell.run('dumpsys activity activities | grep -E "ResumedActivity|Resumed:|mFocusedApp"')));
    const a = foregroundFromDumpsys(quick);
    if (a) return a;
    const full = decodeText(await this.shell.run('dumpsys window'));
    return foregroundFromDumpsys(full) ?? parseFocusedWindow(full) ?? '';
  }

  /** Installed packages (`pm list packages`), sorted. */
  async packages(): Promise<string[]> {
    return parsePackageList(decodeText(await this.shell.run('pm list packages'))).sort();
  }

  /** packages() and another shell command in one adb round trip: the packages, and what `command` printed. */
  async packagesAnd(command: string): Promise<{ packages: string[]; rest: string }> {
    const out = decodeText(await this.shell.run(`pm list packages; echo '${FACT_MARK}'; ${command}`));
    const m = new RegExp(`^${FACT_MARK}\\r?\\n`, 'm').exec(out);
    return { packages: parsePackageList(m ? out.slice(0, m.index) : out).sort(), rest: m ? out.slice(m.index + m[0].length) : '' };
  }

  /**
   * Waits until the screen stops changing: screenshots until two consecutive
   * ones are byte-equal, or `stableMaxMs` passes (then the last one is used and
   * `stable` is false). Replaces the fixed sleeps agent harnesses use.
   */
  async waitStable(first?: Buffer): Promise<StableScreen> {
    const max = this.opts.stableMaxMs ?? 3000;
    const t0 = performance.now();
    let prev = first ?? await this.screenshot();
    let captures = first ? 0 : 1;
    let lastCaptureMs = performance.now() - t0;
    for (;;) {
      if (this.opts.stableIntervalMs) await new Promise((r) => setTimeout(r, this.opts.stableIntervalMs));
      const t = performance.now();
      const next = await this.screenshot();
      lastCaptureMs = performance.now() - t;
      captures++;
      const elapsed = performance.now() - t0;
      if (next.equals(prev)) return { png: next, captures, stable: true, waitedMs: Math.max(0, elapsed - lastCaptureMs), lastCaptureMs };
      prev = next;
      if (elapsed >= max) return { png: next, captures, stable: false, waitedMs: Math.max(0, elapsed - lastCaptureMs), lastCaptureMs };
    }
  }
}
