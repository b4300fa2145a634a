import { existsSync, mkdirSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createAppService } from '../../electron/app';
import { startServer, type RunningServer } from '../../electron/server';
import { DatasetPage } from '../pages/dataset-page';
import { haveFixtures } from './dataset-fixture';

export const REPO = resolve(import.meta.dirname, '..', '..');
export const RENDERER_DIR = join(REPO, 'dist', 'renderer');
export const CHROMIUM = process.env.TOUCHSTONE_CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const f of readdirSync(dir, { recursive: true }).map(String)) {
    if (f.endsWith('.test.ts') || f.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, statSync(join(dir, f)).mtimeMs);
  }
  return newest;
}

/** Builds the renderer with Vite when dist/renderer is missing or older than its sources. */
export async function ensureRendererBuilt(): Promise<void> {
  const index = join(RENDERER_DIR, 'index.html');
  // The renderer bundles renderer/ and parts of shared/; a newer file in either (or the config) means rebuild.
  const sources = Math.max(newestMtime(join(REPO, 'renderer')), newestMtime(join(REPO, 'shared')), statSync(join(REPO, 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const { build } = await import('vite');
  await build({ configFile: join(REPO, 'vite.config.ts'), logLevel: 'warn' });
}

/** The web-mode server in this process, on a free port, with its state in `stateDir`. */
export function startWebServer(stateDir: string, allowedRoots: string[] = []): Promise<RunningServer> {
  return startServer({
    rendererDir: RENDERER_DIR,
    createService: (fileUrl) => createAppService({ mode: 'web', version: 'e2e', stateDir, fileUrl, allowedRoots }),
  });
}

/** Debian's Chromium, headless, without background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Why the Chromium specs over the shared fixtures cannot run here, or '' when they can. */
export const webSkipReason = !haveFixtures ? 'skipped: ../shared/fixtures is absent' : !haveChromium ? 'skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)' : '';

/** Where the specs save their screenshots. */
export const SHOTS = join(REPO, 'test-results');

export interface WebSession {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** Closes the browser, then the server. */
  close(): Promise<void>;
}

/** Builds the renderer, starts the web server (state in `stateDir`) and opens a 1600x1000 page in Chromium. */
export async function openWebSession(stateDir: string): Promise<WebSession> {
  await ensureRendererBuilt();
  const server = await startWebServer(stateDir);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 });
    mkdirSync(SHOTS, { recursive: true });
    const b = browser;
    return { server, browser: b, page, close: async () => { await b.close(); await server.close(); } };
  } catch (e) {
    // Whatever started before the failure stops here, so a failed setup leaves no process behind.
    await browser?.close();
    await server.close();
    throw e;
  }
}

/** Loads the app, opens the dataset at `root` by its path and waits until its `taskCount` tasks are listed. */
export async function openDatasetByPath(session: WebSession, root: string, taskCount: number): Promise<DatasetPage> {
  const ds = new DatasetPage(session.page);
  await session.page.goto(session.server.url);
  await ds.waitReady('open');
  await ds.openByPath(root, taskCount);
  return ds;
}
