// e2e helper: the evaluation view as `touchstone serve --dataset D --traces ...` opens it, in Chromium.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createAppService } from '../../electron/app';
import { startServer, type RunningServer } from '../../electron/server';
import { EvaluatePage } from '../pages/evaluate-page';
import { ensureRendererBuilt, launchChromium, RENDERER_DIR, SHOTS } from './harness';

type Evaluation = NonNullable<Parameters<typeof createAppService>[0]['evaluation']>;

export interface EvalSession { server: RunningServer; browser: Browser; ev: EvaluatePage; close(): Promise<void> }

/**
 * Serves the app with `evaluation` opened (state in `stateDir`), opens it in Chromium at 1600x1000 and
 * waits for `rows` overview rows. `beforeOpen` runs before the page loads (listeners on its traffic).
 * A page that never shows the rows is saved as evaluate-open-failed.png and its markup goes in the error.
 */
export async function openEvalSession(o: { evaluation: Evaluation; stateDir: string; rows: number; beforeOpen?: (ev: EvaluatePage) => void; timeoutMs?: number }): Promise<EvalSession> {
  await ensureRendererBuilt();
  const server = await startServer({ rendererDir: RENDERER_DIR, createService: (fileUrl) => createAppService({ mode: 'web', version: 'e2e', stateDir: o.stateDir, fileUrl, evaluation: o.evaluation }) });
  const browser = await launchChromium();
  const close = async (): Promise<void> => { await browser.close(); await server.close(); };
  const ev = new EvaluatePage(await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 }));
  o.beforeOpen?.(ev);
  await ev.page.goto(server.url);
  try {
    await ev.waitOverview(o.rows, o.timeoutMs);
  } catch (err) {
    await ev.screenshot(join(SHOTS, 'evaluate-open-failed.png')).catch(() => undefined);
    const html = await ev.page.locator('.app').innerHTML().catch(() => '');
    await close();
    throw new Error(`${(err as Error).message}\n${html.slice(0, 2000)}`);
  }
  return { server, browser, ev, close };
}
