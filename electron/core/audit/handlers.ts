import type { AuditCalls } from '../../../shared/contract/audit';
import type { AppContext } from '../../kernel/context';
import { auditDataset } from './audit-dataset';

/** The audit domain's call: `dataset:audit`, a job with progress per task and cancel. */
export function auditHandlers(ctx: AppContext): AuditCalls {
  return {
    'dataset:audit': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      return ctx.jobs.run('dataset:audit', { jobId: args.jobId, label: `Auditing the annotations of ${ds.name}` }, async (job) => {
        const report = await auditDataset({
          datasetRoot: ds.root, seed: args.seed, randomTraces: args.randomTraces, signal: job.signal,
          onProgress: (done, total, episode) => job.progress(done, total, { phase: 'tasks', ...(episode ? { message: episode } : {}) }),
        });
        // A cancelled audit is a cancelled job (code 'cancelled'), as dataset:check.
        if (report.cancelled) job.signal.throwIfAborted();
        return report;
      });
    },
  };
}
