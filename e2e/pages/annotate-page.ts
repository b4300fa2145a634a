import type { Locator } from 'playwright-core';
import { DatasetPage } from './dataset-page';

/** The annotation view: the task queue, the screen with stacked boxes, the essential-state editor. */
export class AnnotatePage extends DatasetPage {
  async open(): Promise<void> {
    await this.page.locator('[data-view-tab="annotate"]').click();
    await this.waitReady('annotate');
  }

  /** From the start screen: opens the dataset at `root` (with `tasks` tasks) in the annotation view. */
  async openDataset(url: string, root: string, tasks: number): Promise<void> {
    await this.page.goto(url);
    await this.waitReady('open');
    await this.openByPath(root, tasks);
    await this.open();
  }

  /** Selects a task (its number of steps known) and, when given, shows one step with its annotation loaded. */
  async showStep(task: string, steps: number, step?: number): Promise<void> {
    await this.selectTask(task, steps);
    if (step === undefined) return;
    await this.frame(step).click();
    await this.canvas(step).waitFor();
    await this.waitItems([]);
  }

  get editor(): Locator {
    return this.page.getByRole('region', { name: 'Essential-state editor' });
  }

  /** The editor once the step's annotation is loaded and nothing is being saved. */
  settled(step: number): Locator {
    return this.page.locator(`[data-app-state="ready"][data-view="annotate"] .stage[data-step="${step}"]`);
  }

  /** Waits until the editor shows exactly these items (after load or autosave). */
  async waitItems(items: readonly string[], saveState?: string): Promise<void> {
    const save = saveState ? `[data-save-state="${saveState}"]` : '';
    await this.page.locator(`[data-app-state="ready"] .ess-editor[data-items="${items.join('|').replace(/"/g, '\\"')}"]${save}`).waitFor();
  }

  async items(): Promise<string[]> {
    return this.editor.locator('.ess-chip').evaluateAll((els) => els.map((e) => e.getAttribute('data-item') ?? ''));
  }

  chip(item: string): Locator {
    return this.editor.locator(`.ess-chip[data-item="${item}"]`);
  }

  addButton(key: string): Locator {
    return this.editor.locator(`[data-add="${key}"]`);
  }

  get conflict(): Locator {
    return this.page.getByRole('alertdialog', { name: 'The annotation changed on disk' });
  }

  conflictVersion(which: 'disk' | 'mine'): Locator {
    return this.conflict.locator(`[data-version="${which}"]`);
  }

  get stackList(): Locator {
    return this.page.getByRole('group', { name: 'Components under the pointer' });
  }

  /** The component the inspector shows (pinned or hovered), or null. */
  async inspected(): Promise<number | null> {
    const id = await this.page.locator('.fields[data-component-id]').getAttribute('data-component-id').catch(() => null);
    return id === null ? null : Number(id);
  }

  /** The inspector's value of one field (text, bounds...). */
  field(name: string): Locator {
    return this.page.locator('.fields .field').filter({ has: this.page.locator(`dt:text-is("${name}")`) }).locator('dd');
  }

  warning(item: string): Locator {
    return this.chip(item).locator('.item-warning');
  }

  get liveCheck(): Locator {
    return this.page.locator('.live-check');
  }
}
