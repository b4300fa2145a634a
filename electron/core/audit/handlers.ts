import type { AuditCalls } from '../../../shared/contract/audit';
import { AppError } from '../../kernel/errors';
import type { AppContext } from '../../kernel/context';
import type { DeviceServices } from '../devices/device-services';
import { watchPresence } from '../runner/watch-device';
import { auditDataset } from './audit-dataset';
import { auditDevices } from './audit-devices';

/** The audit domain's call: `dataset:audit`, a job with progress per task and cancel; offline, or on `devices`. */
export function auditHandlers(ctx: AppContext, devices: DeviceServices): AuditCalls {
  return {
    'dataset:audit': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      return ctx.jobs.run('dataset:audit', { jobId: args.jobId, label: `Auditing the annotations of ${ds.name}${args.devices ? ' on devices' : ''}` }, async (job) => {
        const common = {
          datasetRoot: ds.root, seed: args.seed, randomTraces: args.randomTraces, signal: job.signal,
          onProgress: (done: number, total: number, episode?: string) => job.progress(done, total, { phase: 'tasks', ...(episode ? { message: episode } : {}) }),
        };
        let report;
        if (args.devices) {
          const mgr = devices.manager();
          const picked = await mgr.pick(args.devices).catch((err: Error) => { throw new AppError('unavailable', err.message, { cause: err }); });
          await mgr.watch().catch(() => undefined);
          report = await auditDevices({ ...common, devices: picked, shellFor: (s) => mgr.shell(s), watchDevice: watchPresence(mgr.presence) });
        } else report = await auditDataset(common);
        // A cancelled audit is a cancelled job (code 'cancelled'), as dataset:check.
        if (report.cancelled) job.signal.throwIfAborted();
        return report;
      });
    },
  };
}
