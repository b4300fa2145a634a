/** The audit's probes as agents, for `touchstone audit --devices`: each drives one episode on a real device. */
import type { DeviceAction } from '../../../shared/kinds/actions';
import { checkApiCommand } from '../../../shared/evaluation/checkpoints/api-command';
import type { Agent, AgentTask, Observation } from '../agents/agent';
import { noopAgent } from '../agents/noop-agent';
import { RandomAgent } from '../agents/random-agent';
import { ReplayAgent } from '../agents/replay-agent';

/** `agent`, declaring the task complete for it at step `maxSteps - 1` (an agent that games a benchmark always claims, as offline). */
export function capped(agent: Agent, maxSteps: number): Agent {
  return {
    name: agent.name,
    start: (task, signal) => agent.start(task, signal),
    next: async (obs, signal) => (obs.step >= maxSteps - 1 ? { kind: 'complete' } : agent.next(obs, signal)),
  };
}

/** The no-op: completion declared on the first screen. */
export function noopProbeAgent(): Agent {
  return noopAgent.create({ seed: 0, settings: {} });
}

/** The built-in random agent with the probe's own seed (not the run's per-episode one), capped as offline. */
export function randomProbeAgent(seed: number, maxSteps: number): Agent {
  return capped(new RandomAgent({ seed, settings: {} }), maxSteps);
}

/** `am start -n <component>` as an API action (checked as every API action is), then completion: straight to the final activity. */
export function shortcutProbeAgent(component: string): Agent {
  const c = checkApiCommand(`am start -n ${component}`);
  return {
    name: 'shortcut', start: async () => undefined,
    next: async (obs: Observation): Promise<DeviceAction> => {
      if (obs.step > 0 || !component) return { kind: 'complete' };
      return c.ok ? { kind: 'api', command: c.command.recorded } : { kind: 'invalid', reason: c.error };
    },
  };
}

/**
 * The recording's actions replayed (as `--agent replay`) up to the screen before annotated step
 * `cutAt`, then completion: the device's counterpart of the recording cut before that step.
 */
export function cutProbeAgent(cutAt: number): Agent {
  const replay = new ReplayAgent();
  return {
    name: 'cut', start: (task: AgentTask) => replay.start(task),
    next: async (obs: Observation): Promise<DeviceAction> => (obs.step >= cutAt - 1 ? { kind: 'complete' } : replay.next(obs)),
  };
}
