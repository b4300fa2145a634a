import type { RunCalls } from '../../../shared/contract/run';
import type { AppContext } from '../../kernel/context';
import { defaultDemoDir, demoExists } from './demo-location';

/** Where the start screen's demo dataset lives (TOUCHSTONE_DEMO_DIR overrides the per-user default). */
export function demoDir(): string {
  return process.env.TOUCHSTONE_DEMO_DIR || defaultDemoDir();
}

/** The demo domain's call: the demo dataset, made on first use as a job. */
export function demoHandlers(ctx: AppContext): Pick<RunCalls, 'run:demoDataset'> {
  return {
    'run:demoDataset': async (args) => {
      const path = demoDir();
      if (demoExists(path)) return { path, created: false };
      return ctx.jobs.run('demo', { jobId: args?.jobId, label: 'Creating the demo dataset' }, async (job) => {
        // Loaded on first use: the virtual phone (canvas rendering) is only needed to make the dataset.
        const { createDemoDataset } = await import('./create-demo');
        await createDemoDataset({ out: path, signal: job.signal, progress: job.progress });
        return { path, created: true };
      });
    },
  };
}
