import type { JobCalls } from '../../shared/contract/job';
import { AppError } from './errors';
import type { AppContext } from './context';

/** The job domain's calls: list running jobs, cancel one by id. */
export function jobHandlers(ctx: AppContext): JobCalls {
  return {
    'job:list': async () => ctx.jobs.list(),
    'job:cancel': async (args) => {
      if (typeof args?.jobId !== 'string') throw new AppError('bad-request', 'job:cancel needs the jobId of a running job (see job:list).');
      return { cancelled: ctx.jobs.cancel(args.jobId) };
    },
  };
}
