import { extname } from 'node:path';
import type { ContractCalls, EventName, EventPayload } from '../../../shared/contract';
import { annotationHandlers } from '../annotations/handlers';
import { datasetHandlers } from '../datasets/handlers';
import { evaluationHandlers } from '../evaluation/handlers';
import { episodeHandlers } from '../episodes/handlers';
import { RootGuard } from '../fs/roots';
import { statIn } from '../fs/confined-read';
import { jobHandlers } from '../jobs/handlers';
import { deviceHandlers } from '../devices/handlers';
import { runHandlers } from '../runner/handlers';
import { JobService } from '../jobs/job-service';
import type { AppContext, AppServiceOptions } from './context';
import { datasetBackend } from './dataset-backend';
import { DatasetRegistry } from './dataset-registry';
import { AppError } from './errors';
import { appHandlers } from './handlers';
import { RecentStore } from './recent-store';
import type { AppService, EventListener } from './types';

export type { AppServiceOptions } from './context';

/** Image types the file route serves; anything else inside a dataset stays private. */
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp']);

/**
 * The core behind both transports. It owns the shared pieces (root guard,
 * dataset registry, event bus, jobs) and composes each domain's handlers;
 * a new domain adds one line here.
 */
export function createAppService(options: AppServiceOptions): AppService {
  const guard = new RootGuard();
  const allowed = options.allowedRoots?.length ? new RootGuard() : null;
  const listeners = new Set<EventListener>();
  const emit: EventListener = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    for (const l of listeners) l(event, payload);
  };
  const ctx: AppContext = {
    options,
    guard,
    allowed,
    startRoots: (options.allowedRoots ?? []).map((r) => allowed!.add(r)),
    backend: options.backend ?? datasetBackend,
    datasets: new DatasetRegistry(guard),
    recent: new RecentStore(options.stateDir),
    jobs: new JobService(emit),
    emit,
  };

  const episodes = episodeHandlers(ctx);
  const calls: ContractCalls = {
    ...appHandlers(ctx),
    ...datasetHandlers(ctx, (root) => episodes.forget(root)),
    ...episodes.calls,
    ...jobHandlers(ctx),
    ...deviceHandlers(ctx),
    ...runHandlers(ctx),
    ...evaluationHandlers(ctx),
    ...annotationHandlers(ctx, (root) => episodes.forget(root)),
  };

  return {
    calls,
    async resolveScreenFile(datasetId, relPath) {
      const ds = ctx.datasets.get(datasetId);
      if (!IMAGE_EXTENSIONS.has(extname(relPath).toLowerCase())) {
        throw new AppError('refused', `Access to ${relPath} refused: only screenshots (png, jpg, webp) are served.`);
      }
      const { abs, rel } = ctx.datasets.confine(ds, relPath);
      const st = await statIn(ds.root, rel);
      if (!st?.isFile()) throw new AppError('not-found', `No screenshot at ${relPath} in ${ds.root}.`);
      return abs;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
