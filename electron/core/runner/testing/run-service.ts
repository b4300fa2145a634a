/** Test setup for the run view's calls: the app service over a run fixture (its adb, its demo dataset opened). */
import { join } from 'node:path';
import type { EventName } from '../../../../shared/contract';
import { createAppService } from '../../../app';
import type { AppService } from '../../../kernel/types';
import type { RunFixture } from './run-fixture';

export interface RunService { service: AppService; datasetId: string; close(): Promise<void> }

/**
 * Points the app's adb at the fixture's server (ANDROID_ADB_SERVER_PORT), creates the web-mode app
 * service with its state in the fixture's folder, subscribes `onEvent` and opens the demo dataset.
 * `close` stops the virtual devices the app started, unsets the port and stops the fixture.
 */
export async function openRunService(fx: RunFixture, onEvent?: (event: EventName, payload: unknown) => void): Promise<RunService> {
  process.env.ANDROID_ADB_SERVER_PORT = String(fx.adb.port);
  const service = createAppService({ mode: 'web', stateDir: join(fx.tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
  if (onEvent) service.subscribe(onEvent);
  const datasetId = (await service.calls['dataset:open']({ path: fx.dataset })).id;
  return {
    service, datasetId,
    async close() {
      await service.close?.();
      delete process.env.ANDROID_ADB_SERVER_PORT;
      await fx.stop();
    },
  };
}
