import { existsSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createAppService } from '../electron/core/app/app-service';
import { startServer, type RunningServer } from '../electron/server';

export const REPO = resolve(import.meta.dirname, '..');
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
