import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** The run view as a test sees it: devices and the mirror, the run form, the live run, the recorder. */
export class RunPage extends AppPage {
  /** The device panel once it lists `usable` usable devices. */
  devices(usable: number): Locator {
    return this.page.locator(`.device-panel[data-device-count="${usable}"]`);
  }

  async startVirtualDevice(usableAfter: number): Promise<void> {
    await this.page.locator('[data-action="start-virtual"]').click();
    await this.devices(usableAfter).waitFor({ timeout: 30_000 });
  }

  /** The mirror of the selected device once it has drawn at least one frame. */
  get mirror(): Locator {
    return this.page.locator('.mirror[data-mirror-state="live"]');
  }

  async showBoxes(on: boolean): Promise<void> {
    await this.page.locator('.mirror-toggle input').setChecked(on);
  }

  /** The numbered component labelled `label` on the mirror, once the boxes of revision `rev` are loaded. */
  async mirrorBox(label: string, rev: number): Promise<Locator> {
    await this.page.locator(`.mirror[data-boxes-rev="${rev}"]`).waitFor();
    return this.page.locator(`.mirror .mirror-box[data-label="${label}"] rect`).first();
  }

  async pickTasks(episodes: string[]): Promise<void> {
    for (const e of episodes) await this.page.locator(`.run-task-list label[data-episode="${e}"] input`).check();
  }

  async setRepeats(n: number): Promise<void> {
    await this.page.getByLabel('Repeats').fill(String(n));
  }

  async startRun(): Promise<void> {
    await this.page.locator('[data-action="start-run"]').click();
  }

  /** The live run in a status ('running', 'done', 'cancelled', 'error'). */
  run(status: string): Locator {
    return this.page.locator(`.live-run[data-run-status="${status}"]`);
  }

  /** A device's tile once it shows a step (any step when `step` is absent). */
  tileWithStep(device: string, step?: number): Locator {
    return this.page.locator(`.run-tile[data-device="${device}"]${step === undefined ? ':not([data-step="-1"])' : `[data-step="${step}"]`} .tile-canvas`);
  }

  /**
   * Samples the pixels a device's tile has drawn (once it has drawn a screenshot): how many
   * samples are not near-black, and how many distinct colours (coarsely) there are.
   */
  async tilePixels(device: string): Promise<{ width: number; samples: number; bright: number; distinct: number }> {
    const canvas = this.page.locator(`.run-tile[data-device="${device}"] .tile-canvas:not([data-drawn=""])`);
    await canvas.waitFor({ timeout: 30_000 });
    return canvas.evaluate((el: HTMLCanvasElement) => {
      const d = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
      const colours = new Set<number>();
      let samples = 0;
      let bright = 0;
      for (let i = 0; i < d.length; i += 4 * 53) {
        samples++;
        if (d[i]! + d[i + 1]! + d[i + 2]! > 60) bright++;
        colours.add(((d[i]! >> 4) << 8) | ((d[i + 1]! >> 4) << 4) | (d[i + 2]! >> 4));
      }
      return { width: el.width, samples, bright, distinct: colours.size };
    });
  }

  episodeRows(outcome?: string): Locator {
    return this.page.locator(`.run-episodes tr[data-episode]${outcome ? `[data-outcome="${outcome}"]` : ''}`);
  }

  async serials(): Promise<string[]> {
    return this.page.locator('.device-row[data-state="device"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-serial')!));
  }

  async recordTab(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Record a demonstration' }).click();
  }

  /** Names a recording before it starts (task id, app, folder inside the dataset, instruction). */
  async nameRecording(n: { episode: string; app: string; folder?: string; description: string }): Promise<void> {
    await this.page.getByLabel('Task id').fill(n.episode);
    await this.page.getByLabel('App').fill(n.app);
    if (n.folder !== undefined) await this.page.getByLabel('Folder').fill(n.folder);
    await this.page.getByLabel('Task description').fill(n.description);
  }

  /** The recorder once it shows screen `step` and is idle again. */
  recording(step: number): Locator {
    return this.page.locator(`.record-panel[data-record-state="recording"][data-record-step="${step}"]`);
  }
}
