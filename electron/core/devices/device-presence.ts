import { DeviceGoneError, type DeviceShell } from '../capture/device-shell';
import { stateHint, toDeviceState } from './device-states';

/**
 * Which devices adb's track-devices stream has seen leave (removed, or no longer in state
 * `device`), so that commands on a vanished device fail within moments with a sentence naming
 * it, instead of after a command timeout. Only a transition counts: a serial never seen is
 * assumed present (the tracker announces the current devices a moment after it starts).
 */
export class DevicePresence {
  private readonly gone = new Map<string, string>();
  private readonly waiters = new Map<string, Set<(reason: string) => void>>();

  /** Feeds one track-devices event. */
  update(serial: string, type: string | null): void {
    const state = type === null ? null : toDeviceState(type);
    if (state === 'device') { this.gone.delete(serial); return; }
    const reason = state === null
      ? `disappeared from adb (disconnected, unplugged, or the emulator or virtual device stopped); reconnect it and run the episode again.`
      : `went ${state}: ${stateHint(state, serial) ?? 'reconnect it.'}`;
    this.gone.set(serial, reason);
    for (const w of this.waiters.get(serial) ?? []) w(reason);
    this.waiters.delete(serial);
  }

  /** Why the device left, or undefined while it is (as far as adb said) present. */
  goneReason(serial: string): string | undefined {
    return this.gone.get(serial);
  }

  /** Calls `onGone` once when the device leaves; returns a function that stops waiting. */
  onGone(serial: string, onGone: (reason: string) => void): () => void {
    let set = this.waiters.get(serial);
    if (!set) this.waiters.set(serial, (set = new Set()));
    set.add(onGone);
    return () => { set.delete(onGone); };
  }

  /** Resolves with the reason if the device is reported gone within `ms`, else with undefined. */
  private goneWithin(serial: string, ms: number): Promise<string | undefined> {
    const now = this.goneReason(serial);
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const timer = setTimeout(() => { off(); resolve(undefined); }, ms);
      const off = this.onGone(serial, (reason) => { clearTimeout(timer); resolve(reason); });
    });
  }

  /**
   * Races a command on `serial` against the device leaving. A command that fails, or (with
   * `emptyIsSuspect`) returns nothing (adb ends the stream of a device it drops), waits up to
   * `settleMs` for the tracker: when the device is gone the error says so instead of the stream's symptom.
   */
  race<T>(serial: string, what: string, p: Promise<T>, settleMs = 750, emptyIsSuspect = true): Promise<T> {
    const gone = (reason: string): DeviceGoneError => new DeviceGoneError(serial, `${what}: the device ${reason}`);
    const early = this.goneReason(serial);
    if (early) { p.catch(() => undefined); return Promise.reject(gone(early)); }
    return new Promise<T>((resolve, reject) => {
      const off = this.onGone(serial, (reason) => reject(gone(reason)));
      p.then(async (v) => {
        const reason = emptyIsSuspect && Buffer.isBuffer(v) && v.length === 0 ? await this.goneWithin(serial, settleMs) : undefined;
        if (reason) reject(gone(reason)); else resolve(v);
      }, async (err: unknown) => {
        // adb's own "device offline / not found" already says what happened: no wait. A stream
        // that was cut ("closed", ECONNRESET) waits for the tracker, which says why.
        const told = err instanceof DeviceGoneError && /not found|offline|unauthorized|did not answer/.test(err.message);
        const reason = told ? undefined : await this.goneWithin(serial, settleMs);
        reject(reason ? gone(reason) : err);
      }).finally(off);
    });
  }

  /**
   * `shell` whose every command fails as soon as adb reports the device gone. Only an empty
   * screenshot waits for the tracker: many shell commands (input, pm clear) print nothing, and
   * waiting after each of them would add `settleMs` to every step.
   */
  watch(shell: DeviceShell): DeviceShell {
    return {
      serial: shell.serial,
      run: (command, timeoutMs) => this.race(shell.serial, `shell "${command.slice(0, 60)}"`, shell.run(command, timeoutMs), 750, false),
      screencap: (timeoutMs) => this.race(shell.serial, 'screencap', shell.screencap(timeoutMs)),
    };
  }
}
