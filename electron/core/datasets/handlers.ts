import { basename } from 'node:path';
import type { DatasetOverview } from '../../../shared/contract';
import type { DatasetCalls } from '../../../shared/contract/dataset';
import type { AppContext } from '../../kernel/context';
import { DatasetRegistry } from '../../kernel/dataset-registry';
import { AppError } from '../../kernel/errors';
import { statIn } from '../../platform/confined-read';
import { RootGuard } from '../../platform/roots';

/** The real path of an existing path (symlinks resolved), or null. */
function realPath(abs: string): string | null {
  try {
    return new RootGuard().add(abs);
  } catch {
    return null;
  }
}

/** The dataset domain's calls: open (a job), pick, recent, summary, check (a job). */
export function datasetHandlers(ctx: AppContext, onOpened: (root: string) => void): DatasetCalls {
  /** `path` is absolute: dispatch resolved a typed one against the first --root (its `host` tag), a dialog gives one. */
  async function open(path: string, jobId: string | undefined): Promise<DatasetOverview> {
    // Resolved once, to one real path that the root check, the stat and the guard all use.
    const real = realPath(path);
    if (!real) throw new AppError('not-found', `Cannot open ${path}: no such folder. The path is read on the machine running Touchstone.`);
    if (ctx.allowed) {
      try {
        ctx.allowed.resolve(real);
      } catch {
        throw new AppError('refused', `Opening ${path} refused: this server was started with --root ${ctx.allowed.roots().join(', ')} and only opens folders inside it.`);
      }
    }
    const st = await statIn(real, '.');
    if (!st) throw new AppError('not-found', `Cannot open ${path}: no such folder. The path is read on the machine running Touchstone.`);
    if (!st.isDirectory()) throw new AppError('bad-request', `Cannot open ${path}: it is a file, not a folder. Choose the dataset folder.`);
    const root = ctx.guard.add(real);
    onOpened(root);
    return ctx.jobs.run('dataset:open', { jobId, label: `Opening ${root}` }, async (job) => {
      job.progress(0, 0, { phase: 'index' });
      const scanned = await ctx.backend.open(root, (done, total) => job.progress(done, total, { phase: 'episodes' }), job.signal);
      const overview: DatasetOverview = { id: DatasetRegistry.idOf(root), root, name: basename(root) || root, ...scanned };
      ctx.datasets.set(overview);
      await ctx.recent.add(root);
      return overview;
    });
  }

  return {
    'dataset:open': (args) => open(args.path, args.jobId),
    'dataset:pickFolder': async (args) => {
      if (!ctx.options.pickFolder) throw new AppError('unavailable', 'There is no folder dialog in web mode; type the folder path instead.');
      const picked = await ctx.options.pickFolder();
      return picked ? open(picked, args.jobId) : null;
    },
    'dataset:recent': () => ctx.recent.list(),
    'dataset:summary': async (args) => ctx.datasets.get(args.datasetId),
    'dataset:check': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      return ctx.jobs.run('dataset:check', { jobId: args.jobId, label: `Checking ${ds.name}` }, (job) => {
        job.progress(0, ds.tasks.length);
        return ctx.backend.check(ds.root, (done, total) => job.progress(done, total), job.signal);
      });
    },
  };
}
