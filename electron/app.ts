import { extname } from 'node:path';
import type { ContractCalls, EventName, EventPayload } from '../shared/contract';
import { annotationHandlers } from './core/annotations/handlers';
import { datasetHandlers } from './core/datasets/handlers';
import { evaluationHandlers } from './core/evaluation/handlers';
import { sessionManifests } from './core/manifest/session-manifests';
import { episodeHandlers } from './core/episodes/handlers';
import { RootGuard } from './platform/roots';
import { statIn } from './platform/confined-read';
import { jobHandlers } from './kernel/job-handlers';
import { deviceHandlers } from './core/devices/handlers';
import { DeviceServices } from './core/devices/device-services';
import { secretHandlers } from './core/secrets/secret-handlers';
import { runHandlers } from './core/runner/handlers';
import { agentHandlers } from './core/agents/handlers';
import { demoHandlers } from './core/demo/handlers';
import { auditHandlers } from './core/audit/handlers';
import { JobService } from './kernel/job-service';
import type { AppContext, AppServiceOptions } from './kernel/context';
import { datasetBackend } from './core/datasets/dataset-backend';
import { DatasetRegistry } from './kernel/dataset-registry';
import { AppError } from './kernel/errors';
import { validatedCalls } from './kernel/dispatch';
import { appHandlers } from './core/app/handlers';
import { RecentStore } from './kernel/recent-store';
import type { AppService, EventListener } from './kernel/types';

export type { AppServiceOptions } from './kernel/context';

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

  // Per-service pieces the domains share (no module singletons): devices and the key store.
  const devices = new DeviceServices();
  const secrets = secretHandlers(options);
  const episodes = episodeHandlers(ctx);
  const handlers: ContractCalls = {
    ...appHandlers(ctx),
    ...datasetHandlers(ctx, (root) => episodes.forget(root)),
    ...episodes.calls,
    ...jobHandlers(ctx),
    ...evaluationHandlers(ctx, secrets, sessionManifests),
    ...annotationHandlers(ctx, (root) => episodes.forget(root)),
    ...deviceHandlers(ctx, devices),
    ...runHandlers(ctx, devices, secrets),
    ...agentHandlers(),
    ...demoHandlers(ctx),
    ...auditHandlers(ctx, devices),
  };
  // Every caller (IPC, HTTP, tests, the CLI's serve) gets the checked calls: a handler never sees an
  // argument its schema refuses, nor a relative host path (it arrives resolved against the first --root).
  const calls = validatedCalls(handlers, { hostBase: () => (ctx.allowed ? ctx.allowed.roots()[0]! : process.cwd()) });

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
    close: () => devices.close(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
