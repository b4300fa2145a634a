import type { Locator } from 'playwright-core';
import { RunPage } from './run-page';

/** The run form's agent settings, API keys, reset and the live run's tokens and cost. */
export class RunFormPage extends RunPage {
  async chooseAgent(name: string): Promise<void> {
    await this.page.getByLabel('Agent', { exact: true }).selectOption(name);
  }

  /** An agent setting's input by its `--agent-opt` key. */
  setting(key: string): Locator {
    return this.page.locator(`.agent-settings [data-setting="${key}"]:is(input, select)`);
  }

  /** The problems the form lists under the settings, in order. */
  async problems(): Promise<string[]> {
    return this.page.locator('.agent-settings .form-errors li').allTextContents();
  }

  get startButton(): Locator {
    return this.page.locator('[data-action="start-run"]');
  }

  async storeKey(name: string, value: string): Promise<void> {
    const box = this.page.locator('.api-keys-box');
    if (!(await box.evaluate((d) => (d as HTMLDetailsElement).open))) await box.locator('summary').click();
    await this.page.getByLabel('Key name').fill(name);
    await this.page.getByLabel('Key value').fill(value);
    await this.page.locator('[data-action="store-key"]').click();
    await this.page.locator(`.api-key-list li[data-key-name="${name}"]`).waitFor();
  }

  async saveConfig(name: string): Promise<void> {
    await this.page.getByLabel('Configuration name').fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  async loadConfig(name: string): Promise<void> {
    await this.page.getByLabel('Saved configurations').selectOption(name);
  }

  /** The live run's tokens-and-cost panel once its run total has at least `tokensIn` input tokens. */
  usage(): Locator {
    return this.page.locator('.live-run .run-usage');
  }
}
