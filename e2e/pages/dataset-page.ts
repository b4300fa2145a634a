import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** The open screen and the dataset window: tasks, filmstrip, screen, inspector, check panel. */
export class DatasetPage extends AppPage {
  /** Opens the folder at `root` from the open screen and waits until `taskCount` tasks are listed. */
  async openByPath(root: string, taskCount: number): Promise<void> {
    await this.startOpen(root);
    await this.taskList(taskCount).waitFor();
  }

  /** Types a folder on the open screen and submits it, without waiting. */
  async startOpen(root: string): Promise<void> {
    await this.page.fill('#dataset-path', root);
    await this.page.click('button[type="submit"]');
  }

  /** The filmstrip's current step, once ready. */
  currentFrame(step: number): Locator {
    return this.page.locator(`[data-app-state="ready"] .filmstrip [aria-current="step"][data-step="${step}"]`);
  }

  /** The task list once ready, with `count` tasks shown. */
  taskList(count: number): Locator {
    return this.page.locator(`[data-app-state="ready"] .task-list[data-task-count="${count}"]`);
  }

  taskRow(episode: string): Locator {
    return this.page.locator(`.task-row[data-episode="${episode}"]`);
  }

  get taskRows(): Locator {
    return this.page.locator('.task-row');
  }

  async search(text: string): Promise<void> {
    await this.page.fill('#task-search', text);
  }

  /** Clicks a task and waits until its `steps` steps are in the filmstrip. */
  async selectTask(episode: string, steps: number): Promise<void> {
    await this.taskRow(episode).click();
    await this.filmstrip(steps).waitFor();
  }

  /** The selected task's row, once ready. */
  selectedTask(episode: string): Locator {
    return this.page.locator(`[data-app-state="ready"] .task-row[data-episode="${episode}"][aria-selected="true"]`);
  }

  filmstrip(steps: number): Locator {
    return this.page.locator(`[data-app-state="ready"] .filmstrip[data-step-count="${steps}"]`);
  }

  frame(step: number): Locator {
    return this.page.locator(`.frame[data-step="${step}"]`);
  }

  get thumbMarks(): Locator {
    return this.page.locator('.filmstrip [data-thumb-mark]');
  }

  /** The screen of `step` once it is drawn with its components. */
  canvas(step: number): Locator {
    return this.page.locator(`[data-app-state="ready"] .stage[data-step="${step}"] .screen-canvas[data-screen-state="ready"]`);
  }

  /** The screen (of `step`, or any) with these data-* values (e.g. { 'action-mark': 'none' }). */
  canvasWith(attrs: Record<string, string>, step?: number): Locator {
    const stage = step === undefined ? '' : `.stage[data-step="${step}"] `;
    return this.page.locator(`${stage}.screen-canvas${Object.entries(attrs).map(([k, v]) => `[data-${k}="${v}"]`).join('')}`);
  }

  get anyCanvas(): Locator {
    return this.page.locator('.screen-canvas');
  }

  /** Waits until `step` is the current step and drawn; returns its number of boxes. */
  async waitForScreen(step: number): Promise<number> {
    await this.currentFrame(step).waitFor();
    const c = this.canvas(step);
    await c.waitFor();
    return Number(await c.getAttribute('data-box-count'));
  }

  /** Clicks at a device point of the screen of `step` (fitted in the canvas with 12 px padding). */
  async clickDevicePoint(step: number, device: { width: number; height: number }, p: { x: number; y: number }): Promise<void> {
    const box = (await this.canvas(step).boundingBox())!;
    const scale = Math.min((box.width - 24) / device.width, (box.height - 24) / device.height);
    const left = box.x + (box.width - device.width * scale) / 2;
    const top = box.y + (box.height - device.height * scale) / 2;
    await this.page.mouse.click(left + p.x * scale, top + p.y * scale);
  }

  get legend(): Locator {
    return this.page.locator('.canvas-legend');
  }

  legendItem(name: string): Locator {
    return this.page.locator(`.canvas-legend [data-legend="${name}"]`);
  }

  get stage(): Locator {
    return this.page.locator('.stage');
  }

  get essLine(): Locator {
    return this.page.locator('.ess-line');
  }

  get essItems(): Locator {
    return this.page.locator('.ess-items li');
  }

  essItem(keyword: string): Locator {
    return this.page.locator(`.ess-items li[data-keyword="${keyword}"]`);
  }

  get components(): Locator {
    return this.page.locator('.component-list li');
  }

  get inspector(): Locator {
    return this.page.locator('.inspector');
  }

  /** The inspector's fields of component `id`. */
  fields(id: number | string): Locator {
    return this.page.locator(`.fields[data-component-id="${id}"]`);
  }

  overlayToggle(name: 'boxes' | 'ess' | 'action'): Locator {
    return this.page.locator(`[data-overlay="${name}"]`);
  }

  /** The episode's located problems (open when one is an error). */
  get episodeProblems(): Locator {
    return this.page.locator('.problems[open] li[data-severity="error"]');
  }

  get checkButton(): Locator {
    return this.page.locator('[data-action="check-dataset"]');
  }

  checkPanel(state?: string): Locator {
    return this.page.locator(`.check-panel${state ? `[data-check-state="${state}"]` : ''}`);
  }

  get openProgress(): Locator {
    return this.page.locator('.open-progress[data-open-progress]');
  }

  recentItem(path: string): Locator {
    return this.page.locator('.recent-item', { hasText: path });
  }

  async switchDataset(): Promise<void> {
    await this.page.click('text=Switch dataset');
  }

  get errorBoxes(): Locator {
    return this.page.locator('.error-box');
  }
}
