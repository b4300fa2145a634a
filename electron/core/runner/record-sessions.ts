/** Demonstrations being recorded from the run view: one GroundTruthRecorder per session, driven by inputs on the mirror. */
import { randomUUID } from 'node:crypto';
import { rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeviceInput } from '../../../shared/contract/device';
import { numberComponents } from '../../../shared/formats/number-components';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { ConfinedFiles } from '../../platform/confined-read';
import { DeviceCapture } from '../capture/capture';
import type { DeviceShell } from '../capture/device-shell';
import { performAction } from '../capture/perform-action';
import { GroundTruthRecorder, type GroundTruthEpisode, type RecordedScreen } from '../recorder/record-episode';
import { resetDevice } from './reset-device';
import type { ResetSpec } from './run-tasks';

export interface RecordSession {
  id: string; datasetId: string; recorder: GroundTruthRecorder; last: RecordedScreen; busy: boolean;
  /** Every recorded screen and the input performed on each (inputs[i] on screens[i]), for undo. */
  screens: RecordedScreen[]; inputs: DeviceInput[];
  /** Folders the session created (deepest first), removed again on discard. */
  created: string[];
  capture: DeviceCapture;
  /** The reset the recording started from (startFrom home or reset): undo can replay from it when Back does not restore the screen. */
  reset?: ResetSpec;
}

/** What undo did: the screen that is last again, and whether the device shows it again. */
export interface UndoResult { screen: RecordedScreen; undone: DeviceInput; pressedBack: boolean; restored: boolean; replayed: boolean }

/** A screen's identity for "is the device back there": activity and the numbered components' class, text, description, id and bounds. */
const fingerprint = (activity: string, comps: RecordedScreen['components']): string =>
  `${activity}\n${comps.map((c) => `${c.class}|${c.text}|${c['content-desc']}|${c['resource-id']}@${c.bounds}`).join('\n')}`;

export class RecordSessions {
  private readonly sessions = new Map<string, RecordSession>();

  /**
   * Starts a session and captures the first screen; `created` lists the folders that did not exist before (deepest first).
   * With `reset`, the device is first brought to it the way a run brings it to a task's start (resetDevice).
   */
  async start(datasetId: string, shell: DeviceShell, ep: GroundTruthEpisode, created: string[], reset?: ResetSpec): Promise<RecordSession> {
    const capture = new DeviceCapture(shell);
    if (reset) await resetDevice(capture, reset);
    const recorder = new GroundTruthRecorder(capture, ep);
    const last = await recorder.captureScreen();
    const s: RecordSession = { id: randomUUID(), datasetId, recorder, last, busy: false, screens: [last], inputs: [], created, capture, ...(reset ? { reset } : {}) };
    this.sessions.set(s.id, s);
    return s;
  }

  get(id: string): RecordSession | undefined {
    return this.sessions.get(id);
  }

  /** Performs and records the input, then captures the next screen (one input at a time per session). */
  async act(s: RecordSession, input: DeviceInput): Promise<RecordedScreen> {
    return this.exclusive(s, async () => {
      await s.recorder.act(input);
      s.inputs.push(input);
      s.last = await s.recorder.captureScreen();
      s.screens.push(s.last);
      return s.last;
    });
  }

  /**
   * Undoes the last action: its screen's files and eventStructs.txt line are dropped; then, unless the undone
   * input was itself back or home (which BACK cannot reverse), BACK is pressed, and the device's screen is
   * compared with the recorded one before the action (`restored`). When it is not there and the recording
   * started from a reset (startFrom home or reset), the device is reset again and the remaining actions are
   * performed once more (`replayed`), then compared again.
   */
  async undo(s: RecordSession): Promise<UndoResult> {
    return this.exclusive(s, async () => {
      if (!s.inputs.length) throw new Error('Nothing to undo: no action has been recorded yet.');
      await s.recorder.undo();
      const undone = s.inputs.pop()!;
      s.screens.pop();
      s.last = s.screens[s.screens.length - 1]!;
      const pressedBack = undone.kind !== 'back' && undone.kind !== 'home';
      if (pressedBack) await performAction(s.capture.shell, { kind: 'back' });
      const want = fingerprint(s.last.activity, s.last.components);
      let restored = (await this.showing(s)) === want;
      let replayed = false;
      if (!restored && s.reset) {
        await resetDevice(s.capture, s.reset);
        for (const input of s.inputs) { await s.capture.waitStable(); await performAction(s.capture.shell, input); }
        replayed = true;
        restored = (await this.showing(s)) === want;
      }
      return { screen: s.last, undone, pressedBack, restored, replayed };
    });
  }

  async save(s: RecordSession): Promise<string> {
    const rel = await this.exclusive(s, () => s.recorder.finish());
    this.sessions.delete(s.id);
    return rel;
  }

  /** Ends the session and removes everything it wrote: the episode folder, and the folders it created when they are empty. */
  async discard(s: RecordSession): Promise<void> {
    await this.exclusive(s, async () => {
      this.sessions.delete(s.id);
      await rm(join(s.recorder.ep.root, s.recorder.relPath), { recursive: true, force: true });
      const files = ConfinedFiles.of(undefined, s.recorder.ep.root);
      for (const dir of s.created) if (files.exists(dir) && files.list(dir).length === 0) await rmdir(dir).catch(() => undefined);
    });
  }

  /** The fingerprint of what the device shows once it is still ('' when its hierarchy cannot be read). */
  private async showing(s: RecordSession): Promise<string> {
    await s.capture.waitStable();
    const parsed = parseUiautomatorXml((await s.capture.hierarchy()).xml, 'undo');
    return parsed.ok ? fingerprint(await s.capture.activity(), numberComponents(parsed.value)) : '';
  }

  private async exclusive<T>(s: RecordSession, fn: () => Promise<T>): Promise<T> {
    if (s.busy) throw new Error('The previous input is still being performed; wait for its screen.');
    s.busy = true;
    try { return await fn(); } finally { s.busy = false; }
  }
}
