import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import type { DeviceAction } from '../../../shared/kinds/actions';
import type { Agent, AgentFactory, AgentOptions, Observation } from './agent';
import { seededRandom as rng } from '../../platform/seeded-random';
import { randomSpec } from '../../../shared/kinds/agents/random-agent';
import { parseAgentSettings } from './agent-settings';

/**
 * A baseline: taps a random clickable element (or a random point), sometimes
 * swipes, goes back or types, and declares completion with a small probability
 * per step (`complete=P`, default 0.1). Seeded, so a run reproduces.
 */
export class RandomAgent implements Agent {
  readonly name = 'random';
  private readonly random: () => number;
  private readonly pComplete: number;

  constructor(opts: AgentOptions) {
    this.random = rng(opts.seed);
    this.pComplete = parseAgentSettings(randomSpec, opts.settings).complete!;
  }

  async start(): Promise<void> { /* nothing to prepare */ }

  async next(obs: Observation): Promise<DeviceAction> {
    const r = this.random;
    if (obs.step > 0 && r() < this.pComplete) return { kind: 'complete' };
    const { width: w, height: h } = obs.screen;
    const roll = r();
    if (roll < 0.1) return { kind: 'back' };
    if (roll < 0.2) return { kind: 'swipe', x1: w / 2, y1: h * 0.7, x2: w / 2, y2: h * 0.3 };
    if (roll < 0.25) return { kind: 'type', text: 'hello' };
    const vh = parseUiautomatorXml(obs.xml, 'screen');
    const targets = vh.ok ? vh.value.nodes.filter((n) => n.clickable && n.enabled && n.bounds && n.bounds.x2 > n.bounds.x1 && n.bounds.y2 > n.bounds.y1) : [];
    if (!targets.length) return { kind: 'tap', x: Math.floor(r() * w), y: Math.floor(r() * h) };
    const b = targets[Math.floor(r() * targets.length)]!.bounds!;
    return { kind: 'tap', x: Math.round((b.x1 + b.x2) / 2), y: Math.round((b.y1 + b.y2) / 2) };
  }
}

export const randomAgent: AgentFactory = { spec: randomSpec, create: (o) => new RandomAgent(o) };
