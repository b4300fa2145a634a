import type { Locator, Page } from 'playwright-core';

/**
 * The app shell as a test sees it: readiness, the view, the top bar, the
 * keyboard-shortcut overlay. Specs talk to pages, never to raw selectors.
 */
export class AppPage {
  constructor(readonly page: Page) {}

  /** The app when it is ready (no call pending), optionally in a view ('open', 'dataset', 'annotate'...). */
  ready(view?: string): Locator {
    return this.page.locator(`[data-app-state="ready"]${view ? `[data-view="${view}"]` : ''}`);
  }

  async waitReady(view?: string): Promise<void> {
    await this.ready(view).waitFor();
  }

  /** Presses a key on the page body (the view's keymap receives it). */
  async press(key: string): Promise<void> {
    await this.page.locator('body').press(key);
  }

  /** The `?` overlay listing the keys of the active view. */
  get keymap(): Locator {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /** The rows of the overlay, as "keys: label". */
  async keymapRows(): Promise<string[]> {
    return this.keymap.locator('.keymap-row').evaluateAll((rows) =>
      rows.map((r) => `${r.getAttribute('data-keys')}: ${r.querySelector('dd')?.textContent ?? ''}`));
  }

  /** The route part of the address (the hash), decoded. */
  route(): { view: string; root: string | null; task: string | null; step: string | null } {
    const hash = new URL(this.page.url()).hash;
    const [path, query = ''] = hash.replace(/^#\/?/, '').split('?');
    const q = new URLSearchParams(query);
    return { view: path, root: q.get('root'), task: q.get('task'), step: q.get('step') };
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path });
  }
}
