import { z } from 'zod';
import type { DeviceInfo } from '../../../shared/contract/device';
import { defineAgent } from '../../../shared/kinds/agents';
import type { DeviceShell } from '../capture/device-shell';
import type { EmbedderSpec } from '../evaluation/embedding-provider';
import { BridgeAgent, BridgeError } from '../agents/external/bridge-agent';
import type { EpisodeLauncher, HostedEpisode } from '../agents/external/agent-hub';
import type { EpisodeRecord } from './episode-record';
import { JudgeQueue } from './judge-queue';
import type { EpisodeLimits } from './run-episode';
import { traceDir } from './run-agents';
import type { RunTask } from './run-tasks';
import { startRun } from './start-run';

export interface HostOptions {
  tasks: RunTask[];
  devices: DeviceInfo[];
  shellFor(serial: string): DeviceShell;
  /** Traces go to `<out>/<agent>/r<n>/<episode>`, n counting the episodes of that task run by this host. */
  out: string;
  /** Over RUN_DEFAULTS. */
  limits?: Partial<EpisodeLimits>;
  evaluate?: boolean;
  embedder?: EmbedderSpec;
}

/**
 * Runs episodes on demand for external agents (`touchstone agent-api`,
 * `touchstone mcp`): a task by id on a free device, each a one-episode run
 * through startRun, so with the same defaults, recorder and evaluation as
 * `touchstone run`.
 */
export class EpisodeHost implements EpisodeLauncher {
  private readonly busy = new Set<string>();
  private readonly counts = new Map<string, number>();
  private readonly judge: JudgeQueue | null;
  private readonly controllers = new Set<AbortController>();

  constructor(readonly o: HostOptions) {
    this.judge = o.evaluate === false ? null : new JudgeQueue(o.embedder ?? 'default');
  }

  get tasks(): RunTask[] { return this.o.tasks; }
  get devices(): DeviceInfo[] { return this.o.devices; }

  freeDevices(): string[] { return this.o.devices.map((d) => d.serial).filter((s) => !this.busy.has(s)); }

  findTask(id: string): RunTask {
    const t = this.o.tasks.find((x) => x.episode === id || x.path.split('/').pop() === id);
    if (!t) throw new BridgeError(404, `No task "${id}"; the tasks are: ${this.o.tasks.map((x) => x.episode).slice(0, 30).join(', ')}${this.o.tasks.length > 30 ? ', ...' : ''}.`);
    return t;
  }

  /** Starts an episode of `taskId` for an agent named `agentName` on `device` (or any free device). */
  launch(taskId: string, agentName: string, device?: string): HostedEpisode {
    const task = this.findTask(taskId);
    const free = this.freeDevices();
    if (device && !this.o.devices.some((d) => d.serial === device)) throw new BridgeError(404, `No device ${device} in this pool; the devices are ${this.o.devices.map((d) => d.serial).join(', ')}.`);
    const serial = device ? (free.includes(device) ? device : null) : free[0] ?? null;
    if (!serial) throw new BridgeError(409, device ? `Device ${device} is running another episode; finish that one first.` : `Every device is running an episode (${this.o.devices.length} in the pool); finish one first.`);
    const dev = this.o.devices.find((d) => d.serial === serial)!;
    this.busy.add(serial);
    const n = (this.counts.get(task.episode) ?? 0) + 1;
    this.counts.set(task.episode, n);
    const agent = new BridgeAgent(agentName);
    // The attached agent is this episode's own kind: the run makes no other agent of that name.
    const kind = { spec: defineAgent({ name: agentName, label: agentName, summary: 'an attached external agent', settings: z.object({}) }), create: () => agent };
    const ac = new AbortController();
    this.controllers.add(ac);
    const done = (async (): Promise<EpisodeRecord> => {
      try {
        const r = await startRun({
          tasks: [task], agents: [agentName], kinds: [kind], firstRepeat: n, out: this.o.out, devices: [dev], shellFor: this.o.shellFor,
          limits: this.o.limits, judge: this.judge, signal: ac.signal,
        });
        const item = r.items[0];
        if (!item) throw new Error(`The episode of ${task.episode} was cancelled before it started.`);
        return item.record;
      } finally {
        this.busy.delete(serial);
        this.controllers.delete(ac);
      }
    })();
    done.catch(() => undefined);
    return { agent, device: serial, dir: traceDir(this.o.out, agentName, n, task.episode), task, done };
  }

  /** Cancels every running episode (their finished steps are kept). */
  close(): void {
    for (const ac of this.controllers) ac.abort(new Error('The agent server is shutting down.'));
  }
}
