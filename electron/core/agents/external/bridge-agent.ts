import { describeAction, toExecAction, type DeviceAction } from '../../../../shared/kinds/actions';
import { formatExecActionLine } from '../../../../shared/formats/exec-action';
import { AgentInterrupted, type Agent, type AgentTask, type Observation } from '../agent';
import { parseActionRequest } from '../agent-action';
import { screenElements, type ScreenElement } from '../screen-view';

/** One call an external agent made, as kept with its step in episode.json. */
export interface CallEntry { call: string; atMs: number; detail?: string }

/** The screen of the current step, as external agents get it. */
export interface StepView { step: number; activity: string; screen: { width: number; height: number }; elements: ScreenElement[]; screenshot: Buffer; xml: string }

/** What an action call answers: the next step is ready, or the episode is over; `line` is the action's trace line. */
export interface ActResult { step: number; done: boolean; action: string; line: string }

/** A refused call (bad action, no current step): the transport answers with `status` and the message. */
export class BridgeError extends Error {
  constructor(readonly status: number, message: string) { super(message); this.name = 'BridgeError'; }
}

interface Deferred<T> { promise: Promise<T>; resolve(v: T): void; reject(e: unknown): void }
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * The runner's side of an agent that lives elsewhere (an HTTP client, an MCP
 * client): the runner asks `next(obs)` as for any agent, and the answer comes
 * when the external agent calls `act`. Every call the external agent makes is
 * kept with the step it was made in, so the trace shows what it looked at.
 */
export class BridgeAgent implements Agent {
  task?: AgentTask;
  private view?: StepView;
  private viewReady = deferred<StepView | null>();
  private pending?: Deferred<DeviceAction>;
  private calls: CallEntry[] = [];
  private note?: Record<string, unknown>;
  private ended = false;
  private abandoned?: string;
  private readonly t0 = performance.now();
  /** Resolves with the task once the episode's device is reset and an external agent is attached. */
  readonly started = deferred<AgentTask>();

  constructor(readonly name: string, private readonly attach: (agent: BridgeAgent, signal: AbortSignal) => Promise<void> = async () => undefined) {}

  async start(task: AgentTask, signal: AbortSignal): Promise<void> {
    this.task = task;
    await this.attach(this, signal);
    this.started.resolve(task);
  }

  async next(obs: Observation, signal: AbortSignal): Promise<DeviceAction> {
    this.note = undefined;
    if (this.abandoned) throw new AgentInterrupted(this.abandoned);
    this.view = { step: obs.step, activity: obs.activity, screen: obs.screen, elements: screenElements(obs.xml), screenshot: obs.screenshot, xml: obs.xml };
    const pending = deferred<DeviceAction>();
    this.pending = pending;
    const ready = this.viewReady;
    this.viewReady = deferred();
    ready.resolve(this.view);
    const onAbort = (): void => pending.reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await pending.promise;
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.note = { calls: this.calls };
      this.calls = [];
    }
  }

  stepNote(): Record<string, unknown> | undefined { return this.note; }

  async stop(): Promise<void> {
    this.ended = true;
    this.viewReady.resolve(null);
    this.pending?.reject(new AgentInterrupted('The episode ended.'));
    this.started.reject(new BridgeError(409, 'The episode ended before it started.'));
  }

  get isEnded(): boolean { return this.ended; }

  /** The external agent gives up: the episode ends as interrupted (by the agent) with `reason`; its steps are kept. */
  abandon(reason: string): void {
    this.abandoned = reason;
    this.log('abandon');
    this.pending?.reject(new AgentInterrupted(reason));
  }

  private log(call: string, detail?: string): void {
    this.calls.push({ call, atMs: Math.round(performance.now() - this.t0), ...(detail ? { detail } : {}) });
  }

  /** The current step's screen; waits for it while the device settles (null once the episode is over). Logged as `call`. */
  async current(call: string, timeoutMs = 120_000): Promise<StepView | null> {
    if (!this.ended && (!this.view || !this.pending)) {
      let timer: NodeJS.Timeout | undefined;
      const t = new Promise<never>((_, rej) => { timer = setTimeout(() => rej(new BridgeError(504, `No screen within ${timeoutMs} ms (the device is still settling); call again.`)), timeoutMs); });
      try { await Promise.race([this.viewReady.promise, t]); } finally { clearTimeout(timer); }
    }
    if (this.ended || !this.view) return null;
    if (call) this.log(call);
    return this.view;
  }

  /** Performs an action request (`{action: "tap", element: 3}` ...) at the current step; resolves once the next screen is ready or the episode ended. */
  async act(request: unknown): Promise<ActResult> {
    const view = await this.current('');
    if (!view || !this.pending) throw new BridgeError(409, 'The episode is over; start a new one.');
    const parsed = parseActionRequest(request, view.elements, view.screen);
    if (!parsed.ok) {
      this.log('act', `refused: ${parsed.error}`);
      throw new BridgeError(400, parsed.error);
    }
    this.log('act', describeAction(parsed.action));
    const waitNext = this.viewReady.promise;
    const pending = this.pending;
    this.pending = undefined;
    this.view = undefined;
    pending.resolve(parsed.action);
    const next = await waitNext;
    return { step: next ? next.step : view.step + 1, done: next === null, action: describeAction(parsed.action), line: formatExecActionLine(toExecAction(parsed.action, view.screen)) };
  }
}
