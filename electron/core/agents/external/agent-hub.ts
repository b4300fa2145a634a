import { randomUUID } from 'node:crypto';
import type { EpisodeRecord } from '../../runner/episode-record';
import { AgentInterrupted } from '../agent';
import { BridgeAgent, BridgeError, deferred } from './bridge-agent';
import type { DeviceInfo } from '../../../../shared/contract/device';
import type { RunTask } from '../../runner/run-tasks';

/** One external agent's episode. */
export interface Session {
  id: string;
  agent: BridgeAgent;
  episode: string;
  instruction: string;
  app: string;
  device?: string;
  dir?: string;
  /** The final record, evaluated (resolves when the episode and its evaluation are done). */
  result: Promise<EpisodeRecord>;
}

/** An episode a launcher is running for an external agent. */
export interface HostedEpisode { agent: BridgeAgent; device: string; dir: string; task: RunTask; done: Promise<EpisodeRecord> }

/**
 * What runs episodes on demand for external agents (`touchstone agent-api`, `touchstone mcp`): the
 * runner's episode host (electron/core/runner/episode-host.ts) implements it.
 */
export interface EpisodeLauncher {
  readonly tasks: RunTask[];
  readonly devices: DeviceInfo[];
  freeDevices(): string[];
  /** Starts an episode of `taskId` for an agent named `agentName` on `device` (or any free device). */
  launch(taskId: string, agentName: string, device?: string): HostedEpisode;
  /** Cancels every running episode. */
  close(): void;
}

interface Waiting { agent: BridgeAgent; attached(): void }

/**
 * Sessions of external agents (HTTP API, MCP), one episode each. Episodes
 * come from the host (an agent asks for a task by id) or from `touchstone run
 * --agent http|mcp` (the runner's episodes wait here until an agent attaches).
 */
export class AgentHub {
  private readonly sessions = new Map<string, Session>();
  private readonly waiting: Waiting[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly results = new Map<BridgeAgent, ReturnType<typeof deferred<EpisodeRecord>>>();
  /** The session opened last (MCP tools default to it; over stateless HTTP each request has a new server). */
  latest?: Session;

  constructor(readonly host?: EpisodeLauncher) {}

  get(id: string): Session {
    const s = this.sessions.get(id);
    if (!s) throw new BridgeError(404, `No session ${id}; start one with POST /v1/sessions.`);
    return s;
  }

  list(): Session[] { return [...this.sessions.values()]; }

  /** For the runner: an agent whose `start` waits until an external agent attaches, or gives up after `timeoutMs`. */
  runnerAgent(name: string, timeoutMs: number): BridgeAgent {
    const agent = new BridgeAgent(name, (a, signal) => new Promise<void>((resolve, reject) => {
      const w: Waiting = { agent: a, attached: () => { clearTimeout(timer); resolve(); } };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(w), 1);
        reject(new AgentInterrupted(`No external ${name} agent attached within ${timeoutMs} ms; start your agent (see README "Agents") and run again with --resume, or raise --agent-opt attach_timeout_ms.`));
      }, timeoutMs);
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
      this.waiting.push(w);
      for (const f of this.waiters.splice(0)) f();
    }));
    this.results.set(agent, deferred());
    return agent;
  }

  /** For the runner: the evaluated record of an episode it ran with a runner agent (matched by episode id, oldest first). */
  finished(episode: string, record: EpisodeRecord): void {
    for (const [agent, d] of this.results) {
      if (agent.task?.episode === episode && agent.isEnded) { d.resolve(record); this.results.delete(agent); return; }
    }
  }

  /** Starts a session: on a named task (the host runs it), or attached to the next episode the runner has waiting. */
  async open(opts: { task?: string; device?: string; agentName: string; waitMs?: number }): Promise<Session> {
    let agent: BridgeAgent;
    let result: Promise<EpisodeRecord>;
    let device: string | undefined;
    let dir: string | undefined;
    if (opts.task !== undefined) {
      if (!this.host) throw new BridgeError(409, 'This server runs the episodes `touchstone run` queues; open a session without a task to take the next one.');
      const h = this.host.launch(opts.task, opts.agentName, opts.device);
      ({ agent, device, dir } = h);
      result = h.done;
      try {
        await agent.started.promise;
      } catch {
        const r = await h.done.catch((err: Error) => ({ outcome: 'error', reason: err.message }));
        throw new BridgeError(500, `The episode ended before it started: ${r.outcome}${r.reason ? ` (${r.reason})` : ''}.`);
      }
    } else {
      if (this.host && !this.waiting.length) throw new BridgeError(400, `Give the task to start ("task": one of ${this.host.tasks.slice(0, 10).map((t) => t.episode).join(', ')}${this.host.tasks.length > 10 ? ', ...' : ''}; GET /v1/tasks lists them).`);
      const w = this.waiting.shift() ?? await this.waitForEpisode(opts.waitMs ?? 30_000);
      agent = w.agent;
      result = this.results.get(agent)!.promise;
      w.attached();
      await agent.started.promise;
    }
    const task = agent.task!;
    const s: Session = { id: randomUUID(), agent, episode: task.episode, instruction: task.description, app: task.app, device, dir, result };
    this.sessions.set(s.id, s);
    this.latest = s;
    return s;
  }

  private async waitForEpisode(ms: number): Promise<Waiting> {
    const until = Date.now() + ms;
    for (;;) {
      const w = this.waiting.shift();
      if (w) return w;
      const left = until - Date.now();
      if (left <= 0) throw new BridgeError(404, this.host ? 'No episode is waiting; give a task to start one.' : `No episode is waiting for an agent (waited ${ms} ms); is \`touchstone run --agent ...\` running?`);
      await new Promise<void>((r) => { const t = setTimeout(r, left); this.waiters.push(() => { clearTimeout(t); r(); }); });
    }
  }

  close(): void { this.host?.close(); }
}
