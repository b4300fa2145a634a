import type { JobCalls } from '../../shared/contract/job';
import type { AppContext } from './context';

/** The job domain's calls: list running jobs, cancel one by id. */
export function jobHandlers(ctx: AppContext): JobCalls {
  return {
    'job:list': async () => ctx.jobs.list(),
    'job:cancel': async (args) => ({ cancelled: ctx.jobs.cancel(args.jobId) }),
  };
}
