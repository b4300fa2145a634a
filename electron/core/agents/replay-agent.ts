import { readTextIn } from '../../platform/confined-read';
import { join } from 'node:path';
import type { GtAction } from '../../../shared/model';
import { parseEventStructs } from '../../../shared/formats/event-structs';
import { formatProblem } from '../../../shared/model';
import { fromGtAction, type DeviceAction } from '../../../shared/kinds/actions';
import { checkApiCommand } from '../../../shared/evaluation/checkpoints/api-command';
import { replaySpec } from '../../../shared/kinds/agents/replay-agent';

/** A recorded API action in `eventStructs.txt`: `[API] adb shell <command>` (read by the dataset layer as an unknown line, kept verbatim). */
const API_LINE = /^\[API\]\s+(.+)$/;

/**
 * The device form of one ground-truth line: UI actions scaled to the screen, `[API]` lines as API
 * actions; a refused command becomes an invalid step with the reason (nothing runs, the replay goes on).
 */
function replayable(a: GtAction, screen: Observation['screen'], line: number): DeviceAction | null {
  const api = a.kind === 'unknown' ? API_LINE.exec(a.raw.trim()) : null;
  // The runner performs neither the recents key nor a line no kind fits: the replay skips them.
  if (!api) return a.kind === 'app-switch' || a.kind === 'unknown' ? null : fromGtAction(a, screen);
  const c = checkApiCommand(api[1]);
  if (!c.ok) return { kind: 'invalid', reason: `eventStructs.txt line ${line + 1}: ${c.error}` };
  return { kind: 'api', command: c.command.recorded };
}
import type { Agent, AgentFactory, AgentTask, Observation } from './agent';

/**
 * Replays the ground-truth actions (`eventStructs.txt`), scaled to the device,
 * with `[API] adb shell ...` lines as API actions (Mobile-Bench API+UI tasks), then declares the task complete: a sanity check of annotations and devices
 * (every annotated task should pass its own replay).
 */
export class ReplayAgent implements Agent {
  readonly name = 'replay';
  private actions: GtAction[] = [];

  async start(task: AgentTask): Promise<void> {
    const file = join(task.groundTruthDir, 'eventStructs.txt');
    let text: string;
    let read: string | undefined;
    try { read = await readTextIn(task.groundTruthDir, 'eventStructs.txt'); } catch (err) {
      throw new Error(`replay agent: cannot read ${file} (${(err as Error).message}); the episode has no recorded actions to replay.`, { cause: err });
    }
    if (read === undefined) throw new Error(`replay agent: cannot read ${file} (ENOENT); the episode has no recorded actions to replay.`);
    text = read;
    const r = parseEventStructs(text, file);
    if (!r.ok) throw new Error(`replay agent: ${r.problems.map(formatProblem).join('; ')}`);
    this.actions = r.value;
  }

  async next(obs: Observation): Promise<DeviceAction> {
    // Actions that have no device form (app switch, unknown lines) are skipped, as the recorder could not replay them either.
    let i = obs.history.length;
    while (i < this.actions.length) {
      const a = replayable(this.actions[i], obs.screen, i);
      if (a) return a;
      i++;
    }
    return { kind: 'complete' };
  }
}

export const replayAgent: AgentFactory = { spec: replaySpec, create: () => new ReplayAgent() };
