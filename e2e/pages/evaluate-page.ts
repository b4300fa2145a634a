import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** The evaluation view as a test sees it: the overview's cells, the figures, the replay. */
export class EvaluatePage extends AppPage {
  /** The overview once the full (checked) open is done and listed `rows` tasks. */
  async waitOverview(rows: number, timeout?: number): Promise<void> {
    await this.page.locator(`[data-view="evaluate"] .evaluate[data-eval-state="ready"][data-eval-verified="true"] .ov-table[data-row-count="${rows}"]`).waitFor(timeout ? { timeout } : {});
  }

  cell(episode: string, agent: string): Locator {
    return this.page.locator(`.ov-row[data-episode="${episode}"] .ov-agent[data-agent="${agent}"]`);
  }

  /** 'pass' | 'fail' | 'none' of one method in one cell. */
  async verdict(episode: string, agent: string, method: string): Promise<string | null> {
    return this.cell(episode, agent).locator(`[data-method="${method}"]`).getAttribute('data-verdict');
  }

  human(episode: string, agent: string): Locator {
    return this.cell(episode, agent).locator('[data-human]');
  }

  /** The accuracy shown in the method table for one agent x method. */
  accuracy(agent: string, method: string): Locator {
    return this.page.locator(`[data-testid="method-table"] tr[data-agent="${agent}"][data-method="${method}"] [data-metric="accuracy"]`);
  }

  get replay(): Locator {
    return this.page.locator('.replay[data-replay-state="ready"]');
  }

  /** The agent's screen in the replay, drawn (image loaded) at `step`. */
  agentStage(step: number): Locator {
    return this.page.locator(`.replay-stage.agent[data-screen-state="ready"][data-step="${step}"]`);
  }
}
