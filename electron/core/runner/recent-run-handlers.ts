import type { RunRecentCalls } from '../../../shared/contract/run-recent';
import { RECENT_RUNS_SHOWN } from '../../../shared/contract/run-recent';
import type { AppContext } from '../../kernel/context';
import { listRecentRuns, type RecentRunFolders } from './recent-runs';

/** `run:recent`: the dataset's run folders (`runs/*` and the output folders its runs were given), newest first. */
export function recentRunHandlers(ctx: AppContext, folders: RecentRunFolders): RunRecentCalls {
  return {
    'run:recent': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      return listRecentRuns(ds.root, await folders.list(ds.root), args.limit ?? RECENT_RUNS_SHOWN);
    },
  };
}
