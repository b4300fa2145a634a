/** Demonstrations being recorded from the run view: one GroundTruthRecorder per session, driven by inputs on the mirror. */
import { randomUUID } from 'node:crypto';
import type { DeviceInput } from '../../../shared/contract/device';
import { DeviceCapture } from '../capture/capture';
import type { DeviceShell } from '../capture/device-shell';
import { GroundTruthRecorder, type GroundTruthEpisode, type RecordedScreen } from '../recorder/record-episode';

export interface RecordSession { id: string; datasetId: string; recorder: GroundTruthRecorder; last: RecordedScreen; busy: boolean }

export class RecordSessions {
  private readonly sessions = new Map<string, RecordSession>();

  /** Starts a session and captures the first screen. */
  async start(datasetId: string, shell: DeviceShell, ep: GroundTruthEpisode): Promise<RecordSession> {
    const recorder = new GroundTruthRecorder(new DeviceCapture(shell), ep);
    const last = await recorder.captureScreen();
    const s: RecordSession = { id: randomUUID(), datasetId, recorder, last, busy: false };
    this.sessions.set(s.id, s);
    return s;
  }

  get(id: string): RecordSession | undefined {
    return this.sessions.get(id);
  }

  /** Performs and records the input, then captures the next screen (one input at a time per session). */
  async act(s: RecordSession, input: DeviceInput): Promise<RecordedScreen> {
    if (s.busy) throw new Error('The previous input is still being performed; wait for its screen.');
    s.busy = true;
    try {
      await s.recorder.act(input);
      s.last = await s.recorder.captureScreen();
      return s.last;
    } finally { s.busy = false; }
  }

  async save(s: RecordSession): Promise<string> {
    const rel = await s.recorder.finish();
    this.sessions.delete(s.id);
    return rel;
  }
}
