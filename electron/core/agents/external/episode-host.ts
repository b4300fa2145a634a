import { join } from 'node:path';
import type { DeviceInfo } from '../../../../shared/contract/device';
import { DeviceCapture } from '../../capture/capture';
import type { DeviceShell } from '../../capture/device-shell';
import type { EmbedderSpec } from '../../evaluation/embedding-provider';
import type { EpisodeRecord } from '../../runner/episode-record';
import { JudgeQueue } from '../../runner/judge-queue';
import { runEpisode, type EpisodeLimits } from '../../runner/run-episode';
import type { RunTask } from '../../runner/run-tasks';
import { TraceRecorder } from '../../runner/trace-recorder';
import { BridgeAgent, BridgeError } from './bridge-agent';

export interface HostOptions {
  tasks: RunTask[];
  devices: DeviceInfo[];
  shellFor(serial: string): DeviceShell;
  /** Traces go to `<out>/<agent>/r<n>/<episode>`, n counting the episodes of that task run by this host. */
  out: string;
  limits: EpisodeLimits;
  evaluate?: boolean;
  embedder?: EmbedderSpec;
}

/** An episode the host is running for an external agent. */
export interface HostedEpisode { agent: BridgeAgent; device: string; dir: string; task: RunTask; done: Promise<EpisodeRecord> }

/**
 * Runs episodes on demand for external agents (`touchstone agent-api`,
 * `touchstone mcp`): a task by id on a free device, through the same runner,
 * recorder and evaluation as `touchstone run`.
 */
export class EpisodeHost {
  private readonly busy = new Set<string>();
  private readonly counts = new Map<string, number>();
  private readonly judge: JudgeQueue | null;
  private readonly controllers = new Set<AbortController>();

  constructor(readonly o: HostOptions) {
    this.judge = o.evaluate === false ? null : new JudgeQueue(o.embedder ?? 'default');
  }

  get tasks(): RunTask[] { return this.o.tasks; }

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
    const dir = join(this.o.out, agentName, `r${n}`, task.episode.replace(/[^\w.-]/g, '_'));
    const agent = new BridgeAgent(agentName);
    const ac = new AbortController();
    this.controllers.add(ac);
    const done = (async (): Promise<EpisodeRecord> => {
      try {
        let record = await runEpisode(new DeviceCapture(this.o.shellFor(serial)), {
          task, agent, agentInfo: { name: agentName, seed: 0, settings: {} }, repeat: n, dir, device: { serial, model: dev.model, apiLevel: dev.apiLevel },
          limits: this.o.limits, resume: false, signal: ac.signal,
        });
        if (this.judge && task.annotated && ['finished', 'step-limit', 'timeout'].includes(record.outcome)) {
          const rec = new TraceRecorder(dir, record);
          await rec.update({ evaluation: await this.judge.judge(task, dir) });
          record = rec.current;
        }
        return record;
      } finally {
        this.busy.delete(serial);
        this.controllers.delete(ac);
      }
    })();
    done.catch(() => undefined);
    return { agent, device: serial, dir, task, done };
  }

  /** Cancels every running episode (their finished steps are kept). */
  close(): void {
    for (const ac of this.controllers) ac.abort(new Error('The agent server is shutting down.'));
  }
}
