import { z } from 'zod';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { defineAgent } from '../../../shared/kinds/agents';
import type { Agent, AgentFactory, AgentTask, Observation } from '../agents/agent';
import type { DeviceAction } from '../../../shared/kinds/actions';
import { DEMO_TASKS } from './demo-tasks';
import { resolveStep, type ScriptStep } from './targets';

/** Performs a demo task's alternative path (its steps resolved on the live screen), then declares completion. */
class ScriptAgent implements Agent {
  readonly name = 'demo-alternative';
  private steps: ScriptStep[] = [];

  async start(task: AgentTask): Promise<void> {
    const t = DEMO_TASKS.find((d) => d.id === task.episode);
    if (!t?.alternative) throw new Error(`demo-alternative: task ${task.episode} has no alternative path (only demo dataset tasks with one do).`);
    this.steps = t.alternative.steps;
  }

  async next(obs: Observation): Promise<DeviceAction> {
    const s = this.steps[obs.history.length];
    if (!s) return { kind: 'complete' };
    const vh = parseUiautomatorXml(obs.xml, `step ${obs.step}`);
    if (!vh.ok) throw new Error(`demo-alternative: step ${obs.step}: unreadable hierarchy.`);
    return resolveStep(s, vh.value, obs.screen, `demo-alternative step ${obs.step}`);
  }
}

/** The demo generator's own agent kind, for its runs only (the registry's kinds are what the CLI and the run form offer). */
export const scriptAgent: AgentFactory = {
  spec: defineAgent({ name: 'demo-alternative', label: 'demo alternative paths', summary: "the demo dataset's alternative paths", settings: z.object({}) }),
  create: () => new ScriptAgent(),
};
