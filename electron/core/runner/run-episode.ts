import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { formatExecActionLine } from '../../../shared/formats/exec-action';
import { AgentInterrupted, type Agent, type AgentTask } from '../agents/agent';
import { runManifest } from '../manifest/run-manifest';
import type { DeviceCapture } from '../capture/capture';
import { describeAction, toExecAction, type DeviceAction } from '../../../shared/kinds/actions';
import { DeviceGoneError } from '../capture/device-shell';
import { toDroidbotVh } from '../capture/droidbot-vh';
import { applyConfig, type AppliedConfig } from '../configs/apply-config';
import type { DeviceConfig } from '../configs/config-types';
import { performAction } from '../capture/perform-action';
import type { EpisodeOutcome, EpisodeRecord, StepRecord, StepTimings } from './episode-record';
import { resetDevice, type ResetOptions } from './reset-device';
import type { RunTask } from './run-tasks';
import { TraceRecorder } from './trace-recorder';
import { takeSnapshot } from './run-snapshots';

export interface EpisodeLimits { maxSteps: number; stepTimeoutMs: number; episodeTimeoutMs: number }

export interface EpisodeRun {
  task: RunTask;
  agent: Agent;
  agentInfo: EpisodeRecord['agent'];
  repeat: number;
  dir: string;
  device: EpisodeRecord['device'];
  limits: EpisodeLimits;
  resume: boolean;
  reset?: ResetOptions;
  /** Applied after the reset, restored when the episode ends however it ends (`--configs`). */
  deviceConfig?: DeviceConfig;
  signal: AbortSignal;
  onStep?(step: StepRecord): void;
}

/** Apps whose screens can install or remove packages: after acting on them the package list is read again. */
const INSTALLERS = /^(com\.android\.vending|com\.touchstone\.store|com\.android\.settings|com\.google\.android\.packageinstaller|com\.android\.packageinstaller)\//;
const FINAL: ReadonlySet<EpisodeOutcome> = new Set(['finished', 'step-limit', 'timeout', 'error']);

const since = (t: number): number => Math.round((performance.now() - t) * 100) / 100;

/** `p` within `ms`; an abort (cancel, or the device leaving) ends the wait at once even if `p` ignores it. */
async function within<T>(p: Promise<T>, ms: number, what: string, signal: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, rej) => {
      timer = setTimeout(() => rej(new Error(`${what} took longer than ${ms} ms (step timeout).`)), ms);
      onAbort = () => rej(signal.reason);
      if (signal.aborted) onAbort(); else signal.addEventListener('abort', onAbort, { once: true });
    })]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** Whether the device still answers a shell command (tells a vanished device from an agent or capture error). */
async function answers(capture: DeviceCapture): Promise<boolean> {
  return capture.shell.run('echo ok', 3000).then((b) => b.toString().trim() === 'ok', () => false);
}

/** Whether an existing trace is done (skipped by `--resume`). */
export function isFinal(r: EpisodeRecord | null): boolean {
  return r !== null && FINAL.has(r.outcome);
}

/**
 * Runs one episode on one device: reset, then per step capture (stable
 * screenshot, hierarchy, activity, packages when they may have changed), ask
 * the agent, commit the step, act; until the agent declares completion or a
 * limit ends it. With `resume`, an unfinished trace in `dir` is continued: its
 * recorded actions are performed again after the reset, then the agent goes on.
 */
export async function runEpisode(capture: DeviceCapture, r: EpisodeRun): Promise<EpisodeRecord> {
  const old = r.resume ? await TraceRecorder.read(r.dir) : null;
  if (old && isFinal(old)) return old;
  let screen = await capture.screenSize();
  const fresh: EpisodeRecord = {
    format: 'touchstone-episode/1', episode: r.task.episode,
    task: { description: r.task.description, app: r.task.app, category: r.task.category, path: r.task.path },
    agent: r.agentInfo, repeat: r.repeat, device: { ...r.device, screen }, config: { ...r.limits, reset: '' },
    startedAt: new Date().toISOString(), outcome: 'incomplete', steps: [], manifest: await runManifest(capture, r.task.groundTruthDir),
  };
  const rec = old ? new TraceRecorder(r.dir, { ...old, outcome: 'incomplete', reason: undefined, resumed: (old.resumed ?? 0) + 1 }) : await TraceRecorder.create(r.dir, fresh);
  if (old) await rec.repair();
  const t0 = performance.now();
  const task: AgentTask = { episode: r.task.episode, description: r.task.description, app: r.task.app, groundTruthDir: r.task.groundTruthDir };
  const history: DeviceAction[] = [];
  let outcome: EpisodeOutcome = 'incomplete';
  let reason: string | undefined;
  let verdict: EpisodeRecord['agentVerdict'];
  let interruptedBy: EpisodeRecord['interruptedBy'];
  let applied: AppliedConfig | undefined;
  let started: Promise<void> | undefined; // the start's snapshot
  let ending: Promise<unknown> | undefined; // the end's
  try {
    const how = await resetDevice(capture, r.task.reset, r.reset);
    await rec.update({ config: { ...rec.current.config, reset: how } });
    if (r.deviceConfig) {
      applied = await applyConfig(capture.shell, r.deviceConfig);
      screen = applied.screen ?? screen;
      await rec.update({ deviceConfig: applied.record, device: { ...rec.current.device, screen } });
    }
    await r.agent.start(task, r.signal);
    // Resume: bring the device back by performing the recorded actions again.
    for (const s of rec.current.steps) {
      r.signal.throwIfAborted();
      await performAction(capture.shell, s.deviceAction);
      await capture.waitStable();
      history.push(s.deviceAction);
    }
    // Side effects are measured from here (a resumed episode keeps the snapshots of its first start).
    // The packages and settings are asked for and written while the first step's screen is captured
    // (reading the screen changes nothing); the first action waits until they are on disk.
    let packages: string[] = [];
    started = (old ? capture.packages() : takeSnapshot(capture, rec, 'start')).then((p) => { packages = p; });
    started.catch(() => undefined); // awaited below; this only keeps a failure before then from being reported as unhandled
    const endSnapshot = (): Promise<unknown> => takeSnapshot(capture, rec, 'end');
    let lastActionMs = 0;
    let prevActivity = '';
    for (let i = rec.current.steps.length; ; i++) {
      r.signal.throwIfAborted();
      if (i >= r.limits.maxSteps) { outcome = 'step-limit'; reason = `Reached the step limit (${r.limits.maxSteps}) without the agent declaring the task complete.`; break; }
      if (performance.now() - t0 > r.limits.episodeTimeoutMs) { outcome = 'timeout'; reason = `The episode took longer than ${r.limits.episodeTimeoutMs} ms.`; break; }
      const timings: StepTimings = { actionMs: lastActionMs, stableMs: 0, screenshotMs: 0, hierarchyMs: 0, activityMs: 0, packagesMs: 0, agentMs: 0, writeMs: 0, totalMs: 0 };
      const tStep = performance.now();
      const stable = await capture.waitStable();
      timings.stableMs = Math.round(stable.waitedMs * 100) / 100;
      timings.screenshotMs = Math.round(stable.lastCaptureMs * 100) / 100;
      let t = performance.now();
      const { xml, attempts } = await capture.hierarchy();
      timings.hierarchyMs = since(t);
      t = performance.now();
      const activity = await capture.activity();
      timings.activityMs = since(t);
      let installed: string[] | undefined;
      if (i > 0 && INSTALLERS.test(prevActivity)) {
        t = performance.now();
        const now = await capture.packages();
        timings.packagesMs = since(t);
        if (now.join() !== packages.join()) installed = packages = now;
      }
      prevActivity = activity;
      t = performance.now();
      const action = await within(r.agent.next({ step: i, screenshot: stable.png, xml, activity, screen, history }, r.signal), r.limits.stepTimeoutMs, `The agent's step ${i}`, r.signal);
      timings.agentMs = since(t);
      t = performance.now();
      const vh = parseUiautomatorXml(xml, `step ${i}`);
      const exec = toExecAction(action, screen);
      const note = r.agent.stepNote?.();
      const step: StepRecord = { index: i, action: formatExecActionLine(exec), description: describeAction(action), deviceAction: action, activity, timings, dumpAttempts: attempts, stable: stable.stable, ...(installed ? { installed } : {}), ...(note ? { agent: note } : {}) };
      const final = action.kind === 'complete' || action.kind === 'impossible';
      // A declaration acts on nothing: the end's snapshot is taken while the step is written.
      if (final) { await started; ending = endSnapshot(); ending.catch(() => undefined); }
      await rec.commitStep(step, { png: stable.png, xml, vh: vh.ok ? toDroidbotVh(vh.value) : '[]', activity, action: exec });
      timings.writeMs = since(t);
      timings.totalMs = since(tStep);
      r.onStep?.(step);
      if (final) { outcome = 'finished'; verdict = action.kind; break; }
      await started;
      t = performance.now();
      await performAction(capture.shell, action);
      lastActionMs = since(t);
      history.push(action);
    }
    await started;
    await (ending ?? endSnapshot());
  } catch (err) {
    const gone = r.signal.aborted && r.signal.reason instanceof DeviceGoneError ? r.signal.reason : undefined;
    if (gone) { outcome = 'interrupted'; interruptedBy = 'device'; reason = `${gone.message} Run again with --resume once the device is back.`; }
    else if (r.signal.aborted) { outcome = 'cancelled'; reason = 'Stopped (cancel or Ctrl-C); every finished step is kept. Run again with --resume to finish it.'; }
    else if (err instanceof AgentInterrupted) { outcome = 'interrupted'; interruptedBy = 'agent'; reason = err.message; }
    else if (err instanceof DeviceGoneError || !(await answers(capture))) {
      outcome = 'interrupted';
      interruptedBy = 'device';
      reason = `${err instanceof DeviceGoneError ? err.message : `Device ${capture.serial} stopped answering (${(err as Error).message}).`} Run again with --resume once the device is back.`;
    } else { outcome = 'error'; reason = (err as Error).message; }
  } finally {
    await r.agent.stop?.().catch(() => undefined);
    // No write of this episode goes on after it returns (a failed one is the caught error above, or came after it).
    await Promise.all([started?.catch(() => undefined), ending?.catch(() => undefined)]);
  }
  if (applied) await rec.update({ deviceConfig: { ...applied.record, restored: await applied.restore() } });
  const usage = r.agent.usage?.();
  await rec.update({ outcome, reason, agentVerdict: verdict, endedAt: new Date().toISOString(), interruptedBy, ...(usage ? { agentUsage: usage } : {}) });
  return rec.current;
}
