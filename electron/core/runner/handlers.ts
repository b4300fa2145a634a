import { relative, sep } from 'node:path';
import type { CanaryResult, RunCalls, RunConfigReport, RunEpisodeSummary } from '../../../shared/contract/run';
import { canaryForView } from './canary';
import type { EpisodeRecord } from './episode-record';
import type { RunItem } from './run-agents';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import type { DeviceServices } from '../devices/device-services';
import { startRun } from './start-run';
import { runOutFolder } from '../../../shared/contract/run-defaults';
import { loadRunTasks } from './run-tasks';
import { LiveRuns } from './live-runs';
import { watchPresence } from './watch-device';
import { recordHandlers } from './record-handlers';
import { checkReset } from './reset-device';
import { resolveRunSettings } from './run-settings';
import type { SecretServices } from '../secrets/secret-handlers';
import { traceStepEvent } from './step-event';
import { configHandlers, runConfigs } from '../configs/config-handlers';
import { RecentRunFolders } from './recent-runs';
import { recentRunHandlers } from './recent-run-handlers';

/** The run domain's calls: a run as a job, its live state, recording, configurations and keys (`run:agents` and `run:demoDataset` are composed from their own domains). */
export function runHandlers(ctx: AppContext, devices: DeviceServices, secrets: SecretServices): Omit<RunCalls, 'run:agents' | 'run:demoDataset'> {
  const live = new LiveRuns();
  const reports = new Map<string, RunConfigReport>();
  const folders = new RecentRunFolders(ctx.options.stateDir);
  return {
    ...recordHandlers(ctx, devices),
    ...recentRunHandlers(ctx, folders),
    ...configHandlers(ctx, reports),
    ...secrets.calls,
    'run:live': async (args) => live.get(args.jobId),
    'run:cancelEpisode': async (args) => live.cancelEpisode(args.jobId, args.device),
    'run:start': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      for (const [k, min] of [['repeat', 1], ['maxSteps', 1], ['stepTimeoutMs', 1], ['episodeTimeoutMs', 1], ['seed', 0]] as const) {
        const v = args[k];
        if (v !== undefined && (!Number.isInteger(v) || v < min)) throw new AppError('bad-request', `run:start: ${k} must be a whole number >= ${min}; got ${JSON.stringify(v)}.`);
      }
      const settings = await resolveRunSettings(args, secrets.store);
      let reset: ReturnType<typeof checkReset>;
      try { reset = checkReset(args.reset); } catch (err) { throw new AppError('bad-request', (err as Error).message); }
      const { abs: out, rel: outRel } = ctx.datasets.confine(ds, args.out?.trim() || runOutFolder());
      if (!outRel) throw new AppError('bad-request', 'run:start: out must be a folder inside the dataset, not the dataset folder itself (e.g. runs/my-run).');
      const mgr = devices.manager();
      const cfg = await runConfigs(ctx, ds, args.configs, reports);
      return ctx.jobs.run('run', { jobId: args.jobId, label: `Running ${args.agents.join(', ')} on ${ds.name}` }, async (job) => {
        const jobId = job.jobId;
        live.begin(jobId, ds.id, relative(ds.root, out));
        // Remembered at the start: a cancelled or failed run's episodes are listed too.
        await folders.remember(ds.root, outRel).catch(() => undefined);
        const summary = (x: { item: RunItem; record: EpisodeRecord; device: string }): RunEpisodeSummary => ({
          episode: x.item.task.episode, agent: x.item.agent, repeat: x.item.repeat, device: x.device, outcome: x.record.outcome,
          steps: x.record.steps.length, completed: x.record.evaluation?.completed, reason: x.record.reason ?? x.record.evaluation?.reason,
          trace: relative(ds.root, x.item.dir), ...(x.record.agentUsage ? { usage: x.record.agentUsage } : {}),
          ...(x.item.config ? { config: x.item.config.name, configRestored: x.record.deviceConfig?.restored?.ok } : {}),
        });
        const tasks = await loadRunTasks(ds.root, args.tasks);
        const devices = await mgr.pick(args.devices).catch((err: Error) => { throw new AppError('unavailable', err.message, { cause: err }); });
        // A device that vanishes fails its episode within moments (track-devices), not after a command timeout.
        await mgr.watch().catch(() => undefined);
        // startRun prepares the agents (the http and mcp agents get a server of this run's own: own URL and token) and closes them at the end.
        const toUrl = (abs: string): string => ctx.options.fileUrl(ds.id, relative(ds.root, abs).split(sep).join('/'));
        let canary: CanaryResult | undefined;
        const r = await startRun({
          tasks, agents: args.agents, repeat: args.repeat, out, devices, shellFor: (s) => mgr.shell(s), watchDevice: watchPresence(mgr.presence),
          limits: { maxSteps: args.maxSteps, stepTimeoutMs: args.stepTimeoutMs, episodeTimeoutMs: args.episodeTimeoutMs }, resume: args.resume,
          seed: args.seed, agentSettings: settings, reset, signal: job.signal, configs: cfg.chosen,
          onAgentLines: (lines) => live.attach(jobId, lines),
          canary: args.canary, canarySample: args.canarySample,
          onCanary: (c) => {
            canary = canaryForView(c, (abs) => relative(ds.root, abs), toUrl);
            live.canary(jobId, canary);
            ctx.emit('run:canary', { ...canary, jobId });
          },
          onProgress: (done, total, d) => { live.planned(jobId, total); job.progress(done, total, d); },
          onEpisodeStart: (item, device, cancel) => live.started(jobId, device, item.task.episode, item.dir, cancel),
          onStep: (item, step, device, usage) => {
            const e = traceStepEvent(jobId, item, step, device, (rel) => ctx.options.fileUrl(ds.id, relative(ds.root, rel).split(sep).join('/')));
            const runUsage = live.usage(jobId, item.dir, usage);
            if (usage) Object.assign(e, { usage, runUsage });
            if (item.config) e.config = item.config.name;
            live.step(e);
            ctx.emit('run:step', e);
          },
          onEpisode: (item, record, device) => {
            const e = summary({ item, record, device });
            live.usage(jobId, item.dir, record.agentUsage);
            live.ended(jobId, e, item.dir);
            ctx.emit('run:episode', { ...e, jobId });
          },
        });
        const configReport = await cfg.report(jobId, out, r.items.map((x) => x.record));
        return {
          out: relative(ds.root, out), planned: r.planned, lostDevices: r.lostDevices,
          episodes: r.items.map(summary), ...(configReport ? { configReport } : {}), ...(canary ? { canary } : {}),
        };
      });
    },
  };
}
