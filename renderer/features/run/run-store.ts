/** The run view's state: devices, the live run (steps per device, finished episodes, progress) and a recording. */
import { create } from 'zustand';
import type { DeviceInfo, DeviceInput } from '../../../shared/contract/device';
import type { CanaryResult, RecordScreen, RecordStartFrom, RunEpisodeEvent, RunEpisodeSummary, RunLive, RunRequest, RunStepEvent, RunUsage } from '../../../shared/contract/run';
import type { TouchstoneClient } from '../../api/client';
import { newJobId } from '../../api/jobs';
import { frameBatch } from './frame-batch';

const LAST_RUN = 'touchstone.run.lastJob';

export interface LiveRunState {
  jobId: string;
  status: 'running' | 'done' | 'cancelled' | 'error';
  error?: string;
  out: string;
  done: number;
  total: number;
  steps: RunStepEvent[];
  /** The newest step of each device (what its tile shows). */
  last: Record<string, RunStepEvent>;
  episodes: RunEpisodeSummary[];
  running: Record<string, string>;
  /** Tokens and cost of the run so far (LLM-backed agents). */
  usage?: RunUsage;
  /** The agents of the run, when this view started it. */
  agents?: string[];
  /** The run's canary, once it ended. */
  canary?: CanaryResult;
}

/** A recording in the run view; `notice` says what the last undo or discard did. */
export interface RecordingState { screen: RecordScreen | null; busy: boolean; error: string | null; saved: string | null; actions: string[]; notice: string | null }

/** What the user names a recording with before it starts (run:recordStart). */
export interface RecordingName { episode: string; description: string; app: string; category: string; startFrom?: RecordStartFrom }

export interface RunState {
  devices: DeviceInfo[];
  devicesError: string | null;
  selected: string | null;
  busy: string | null;
  run: LiveRunState | null;
  recording: RecordingState;
  attach(client: TouchstoneClient): () => void;
  refreshDevices(client: TouchstoneClient): Promise<void>;
  select(serial: string | null): void;
  connect(client: TouchstoneClient, address: string): Promise<void>;
  startVirtual(client: TouchstoneClient): Promise<void>;
  start(client: TouchstoneClient, req: Omit<RunRequest, 'jobId'>): Promise<void>;
  cancelRun(client: TouchstoneClient): Promise<void>;
  cancelEpisode(client: TouchstoneClient, device: string): Promise<void>;
  recordStart(client: TouchstoneClient, datasetId: string, name: RecordingName): Promise<void>;
  recordAct(client: TouchstoneClient, input: DeviceInput): Promise<void>;
  recordSave(client: TouchstoneClient): Promise<string | null>;
  recordUndo(client: TouchstoneClient): Promise<void>;
  recordDiscard(client: TouchstoneClient): Promise<void>;
}

const msg = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const noRecording = (): RecordingState => ({ screen: null, busy: false, error: null, saved: null, actions: [], notice: null });

export function describeInput(i: DeviceInput): string {
  switch (i.kind) {
    case 'tap': case 'long-press': return `${i.kind} ${Math.round(i.x)},${Math.round(i.y)}`;
    case 'swipe': return `swipe ${Math.round(i.x1)},${Math.round(i.y1)} → ${Math.round(i.x2)},${Math.round(i.y2)}`;
    case 'type': return `type "${i.text}"`;
    default: return i.kind;
  }
}

/** The steps kept for the step log (the log is virtualised; the tiles only need each device's newest). */
const KEPT_STEPS = 2000;

function lastOf(steps: RunStepEvent[], into: Record<string, RunStepEvent> = {}): Record<string, RunStepEvent> {
  const last = { ...into };
  for (const s of steps) last[s.device] = s;
  return last;
}

/** Adds a batch of step events to a run: one new state for the whole batch. */
export function addSteps(run: LiveRunState, batch: RunStepEvent[]): LiveRunState {
  const steps = run.steps.concat(batch);
  const running = { ...run.running };
  for (const e of batch) running[e.device] = e.episode;
  const usage = batch.reduce<RunUsage | undefined>((u, e) => e.runUsage ?? u, run.usage);
  return { ...run, steps: steps.length > KEPT_STEPS ? steps.slice(-KEPT_STEPS) : steps, last: lastOf(batch, run.last), running, usage };
}

/** A live event of a run, queued in arrival order and applied in batches. */
export type LiveEvent = { step: RunStepEvent } | { episode: RunEpisodeEvent } | { progress: { done: number; total: number } };

/**
 * Applies a batch of live events in their order, as one new state: steps (addSteps), finished
 * episodes (the device stops showing it as running unless it already runs its next one) and progress.
 */
export function applyLiveEvents(run: LiveRunState, events: LiveEvent[]): LiveRunState {
  let r = run;
  let steps: RunStepEvent[] = [];
  const flushSteps = (): void => { if (steps.length) { r = addSteps(r, steps); steps = []; } };
  for (const ev of events) {
    if ('step' in ev) { steps.push(ev.step); continue; }
    flushSteps();
    if ('progress' in ev) { r = { ...r, done: ev.progress.done, total: ev.progress.total }; continue; }
    const e = ev.episode;
    const running = { ...r.running };
    // Judged while the device may already run its next episode: only clear the device if it is still this one.
    if (running[e.device] === e.episode) delete running[e.device];
    r = { ...r, episodes: [...r.episodes, e], running };
  }
  flushSteps();
  return r;
}

function fromLive(l: RunLive, status: LiveRunState['status']): LiveRunState {
  return { jobId: l.jobId, status, out: l.out, done: l.episodes.length, total: l.planned, steps: l.steps, last: lastOf(l.steps), episodes: l.episodes, running: l.running, usage: l.usage, canary: l.canary };
}

export const useRunStore = create<RunState>()((set, get) => ({
  devices: [],
  devicesError: null,
  selected: null,
  busy: null,
  run: null,
  recording: noRecording(),

  /** Follows device and run events; re-attaches to a running run (or the last one of this tab) after a reload. */
  attach(client) {
    const mine = (jobId: string): boolean => get().run?.jobId === jobId;
    // Steps, finished episodes and progress from several devices arrive in bursts (a virtual phone
    // takes a few ms a step): one store update and one render per batch, at most every 100 ms.
    const live = frameBatch<LiveEvent & { jobId: string }>((batch) => set((s) => {
      const ours = batch.filter((e) => e.jobId === s.run?.jobId);
      return ours.length && s.run ? { run: applyLiveEvents(s.run, ours) } : {};
    }));
    const offs = [
      client.on('device:changed', ({ devices }) => set((s) => ({ devices, selected: s.selected && devices.some((d) => d.serial === s.selected && d.state === 'device') ? s.selected : devices.find((d) => d.state === 'device')?.serial ?? null }))),
      client.on('run:step', (e) => { if (mine(e.jobId)) live.push({ jobId: e.jobId, step: e }); }),
      live.cancel,
      client.on('run:episode', (e) => { if (mine(e.jobId)) live.push({ jobId: e.jobId, episode: e }); }),
      client.on('run:canary', ({ jobId, ...canary }) => { if (mine(jobId)) set((s) => ({ run: s.run && { ...s.run, canary } })); }),
      client.on('job:progress', (p) => { if (mine(p.jobId)) live.push({ jobId: p.jobId, progress: { done: p.done, total: p.total } }); }),
      client.on('job:done', (d) => {
        if (!mine(d.jobId)) return;
        live.flush();
        set((s) => ({ run: s.run && { ...s.run, status: d.ok ? 'done' : d.error?.code === 'cancelled' ? 'cancelled' : 'error', error: d.ok ? undefined : d.error?.message, running: {} } }));
      }),
    ];
    void (async () => {
      try {
        const jobs = await client.call('job:list', {});
        const running = jobs.find((j) => j.kind === 'run');
        const jobId = running?.jobId ?? sessionStorage.getItem(LAST_RUN);
        if (!jobId || get().run) return;
        const live = await client.call('run:live', { jobId });
        if (live) set({ run: fromLive(live, running ? 'running' : 'done') });
      } catch { /* nothing to re-attach to */ }
    })();
    return () => offs.forEach((off) => off());
  },

  async refreshDevices(client) {
    try {
      const devices = await client.call('device:list', {});
      set((s) => ({ devices, devicesError: null, selected: s.selected && devices.some((d) => d.serial === s.selected) ? s.selected : devices.find((d) => d.state === 'device')?.serial ?? null }));
    } catch (e) { set({ devicesError: msg(e) }); }
  },

  select: (serial) => set({ selected: serial }),

  async connect(client, address) {
    set({ busy: 'connect', devicesError: null });
    try { set({ devices: await client.call('device:connect', { address }) }); } catch (e) { set({ devicesError: msg(e) }); } finally { set({ busy: null }); }
  },

  async startVirtual(client) {
    set({ busy: 'virtual', devicesError: null });
    try {
      const d = await client.call('device:startVirtual', { world: 'demo' });
      set((s) => ({ devices: s.devices.some((x) => x.serial === d.serial) ? s.devices.map((x) => (x.serial === d.serial ? d : x)) : [...s.devices, d], selected: d.serial }));
    } catch (e) { set({ devicesError: msg(e) }); } finally { set({ busy: null }); }
  },

  async start(client, req) {
    const jobId = newJobId('run');
    sessionStorage.setItem(LAST_RUN, jobId);
    set({ run: { jobId, status: 'running', out: '', done: 0, total: 0, steps: [], last: {}, episodes: [], running: {}, agents: req.agents } });
    try {
      const r = await client.call('run:start', { ...req, jobId });
      set((s) => ({ run: s.run?.jobId === jobId ? { ...s.run, out: r.out, status: 'done', done: r.episodes.length, total: r.planned, canary: r.canary ?? s.run.canary } : s.run }));
    } catch (e) {
      const live = await client.call('run:live', { jobId }).catch(() => null);
      const cancelled = (e as { code?: string }).code === 'cancelled';
      set((s) => (s.run?.jobId === jobId ? { run: { ...s.run, out: live?.out ?? s.run.out, status: cancelled ? 'cancelled' : 'error', error: cancelled ? undefined : msg(e) } } : {}));
    }
  },

  async cancelRun(client) {
    const r = get().run;
    if (r?.status === 'running') await client.call('job:cancel', { jobId: r.jobId });
  },

  async cancelEpisode(client, device) {
    const r = get().run;
    if (r?.status === 'running') await client.call('run:cancelEpisode', { jobId: r.jobId, device });
  },

  async recordStart(client, datasetId, name) {
    const device = get().selected;
    if (!device) { set({ recording: { ...noRecording(), error: 'Select a usable device first.' } }); return; }
    set({ recording: { ...noRecording(), busy: true } });
    try {
      const screen = await client.call('run:recordStart', { datasetId, device, ...name });
      set({ recording: { ...noRecording(), screen } });
    } catch (e) { set({ recording: { ...noRecording(), error: msg(e) } }); }
  },

  async recordAct(client, input) {
    const r = get().recording;
    if (!r.screen || r.busy) return;
    set({ recording: { ...r, busy: true, error: null, notice: null } });
    try {
      const screen = await client.call('run:recordAct', { sessionId: r.screen.sessionId, input });
      set((s) => ({ recording: { ...s.recording, screen, busy: false, actions: [...s.recording.actions, describeInput(input)] } }));
    } catch (e) { set((s) => ({ recording: { ...s.recording, busy: false, error: msg(e) } })); }
  },

  async recordSave(client) {
    const r = get().recording;
    if (!r.screen || r.busy) return null;
    set({ recording: { ...r, busy: true } });
    try {
      const { path } = await client.call('run:recordSave', { sessionId: r.screen.sessionId });
      set({ recording: { ...noRecording(), saved: path } });
      return path;
    } catch (e) { set((s) => ({ recording: { ...s.recording, busy: false, error: msg(e) } })); return null; }
  },

  async recordUndo(client) {
    const r = get().recording;
    if (!r.screen || r.busy || !r.actions.length) return;
    set({ recording: { ...r, busy: true, error: null, notice: null } });
    try {
      const u = await client.call('run:recordUndo', { sessionId: r.screen.sessionId });
      const undone = r.actions[r.actions.length - 1];
      const how = u.replayed ? ` (${u.pressedBack ? 'Back did not restore it; ' : ''}reset and replayed ${u.step} action${u.step === 1 ? '' : 's'} from the start)` : u.pressedBack ? ' (pressed Back)' : '';
      const notice = u.restored
        ? `Undid ${undone}${how}; the device is on screen ${u.step} again.`
        : `Undid ${undone}${how}, but the device does not show screen ${u.step} again${u.pressedBack && !u.replayed ? ' after Back' : ''}: bring it back by hand before the next action, or discard.`;
      const { pressedBack: _p, restored: _r, replayed: _x, ...screen } = u;
      set((s) => ({ recording: { ...s.recording, screen, busy: false, actions: s.recording.actions.slice(0, -1), notice } }));
    } catch (e) { set((s) => ({ recording: { ...s.recording, busy: false, error: msg(e) } })); }
  },

  async recordDiscard(client) {
    const r = get().recording;
    if (!r.screen || r.busy) return;
    set({ recording: { ...r, busy: true, error: null } });
    try {
      await client.call('run:recordDiscard', { sessionId: r.screen.sessionId });
      set({ recording: { ...noRecording(), notice: 'Recording discarded: nothing of it was kept.' } });
    } catch (e) { set((s) => ({ recording: { ...s.recording, busy: false, error: msg(e) } })); }
  },
}));
