import { posix } from 'node:path';
import type { EpisodeCalls } from '../../../shared/contract/episode';
import type { AppContext } from '../../kernel/context';
import type { DatasetBackend } from '../datasets/dataset-backend';

type Episode = ReturnType<DatasetBackend['episode']>;

/**
 * The episode domain's calls. `episode:load` and `episode:screens` arrive
 * together for the same folder, so the last few parsed episodes are kept;
 * `forget(root)` drops a root's entries when it is reopened (reread from disk).
 */
export function episodeHandlers(ctx: AppContext): { calls: EpisodeCalls; forget(root: string): void } {
  const cache = new Map<string, Episode>();
  const episodeOf = (root: string, rel: string): Episode => {
    const key = `${root}\0${rel}`;
    let p = cache.get(key);
    if (!p) {
      p = ctx.backend.episode(root, rel);
      p.catch(() => cache.delete(key));
      cache.set(key, p);
      if (cache.size > 8) cache.delete(cache.keys().next().value!);
    }
    return p;
  };

  const forget = (root: string): void => {
    for (const key of cache.keys()) if (key.startsWith(`${root}\0`)) cache.delete(key);
  };
  const calls: EpisodeCalls = {
    'episode:load': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return { datasetId: ds.id, ...(await episodeOf(ds.root, rel)) };
    },
    'episode:screens': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      const ep = await episodeOf(ds.root, rel);
      return ep.steps.map((s) => ({ step: s.index, url: s.files.png ? ctx.options.fileUrl(ds.id, posix.join(rel, `${s.index}.png`)) : null }));
    },
    'episode:hierarchy': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return ctx.backend.hierarchy(ds.root, rel, args.step);
    },
  };
  return { calls, forget };
}
