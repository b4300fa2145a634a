/**
 * The run view's e2e setup, shared by its specs: a private real adb server (the core's device manager
 * reads its port on first use), a demo dataset of the given tasks, and the app in Chromium on the run view.
 * `close()` stops every virtual device the app started, the adb server, and restores the environment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoDataset } from '../../electron/core/demo/create-demo';
import { startAdbServer, type AdbServer } from '../../electron/virtual-device/testing';
import { openWebSession, type WebSession } from './harness';

export interface RunSession { web: WebSession; adb: AdbServer; tmp: string; dataset: string; close(): Promise<void> }

export interface RunSessionOptions {
  /** Names the temp folder. */
  name: string;
  /** Demo tasks in the dataset. */
  tasks: string[];
  /** Runs after the dataset is made and before the page opens (files, devices); may return its own cleanup. */
  prepare?: (s: { tmp: string; dataset: string; adb: AdbServer }) => Promise<(() => Promise<void>) | void> | (() => Promise<void>) | void;
  /** Runs on the page before it opens the run view (listeners). */
  onPage?: (web: WebSession) => void;
}

export async function openRunSession(o: RunSessionOptions): Promise<RunSession> {
  const tmp = mkdtempSync(join(tmpdir(), `touchstone-${o.name}-e2e-`));
  const saved = process.env.ANDROID_ADB_SERVER_PORT;
  const adb = await startAdbServer();
  process.env.ANDROID_ADB_SERVER_PORT = String(adb.port);
  const dataset = join(tmp, 'demo');
  let cleanup: (() => Promise<void>) | void = undefined;
  let web: WebSession | undefined;
  const close = async (): Promise<void> => {
    await web?.close();
    if (cleanup) await cleanup();
    await adb.stop();
    if (saved === undefined) delete process.env.ANDROID_ADB_SERVER_PORT; else process.env.ANDROID_ADB_SERVER_PORT = saved;
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await createDemoDataset({ out: dataset, traces: false, transport: 'in-process', only: o.tasks });
    cleanup = await o.prepare?.({ tmp, dataset, adb });
    web = await openWebSession(join(tmp, 'state'));
    o.onPage?.(web);
    await web.page.goto(`${web.server.url}#/run?root=${encodeURIComponent(dataset)}`);
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
  return { web, adb, tmp, dataset, close };
}
