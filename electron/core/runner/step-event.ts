import { join } from 'node:path';
import type { RunStepEvent } from '../../../shared/contract/run';
import { parseExecActionLine } from '../../../shared/formats/exec-action';
import type { StepRecord } from './episode-record';
import { stepConversation } from '../../../shared/kinds/agents/step-conversation';

const conversationOf = (note: unknown): Pick<RunStepEvent, 'conversation'> => { const c = stepConversation(note); return c ? { conversation: c } : {}; };
import type { RunItem } from './run-agents';

/** A committed step as the run view's event: the action as the trace records it (normalised), and the screenshot's URL. */
export function traceStepEvent(jobId: string, item: RunItem, step: StepRecord, device: string, urlOf: (abs: string) => string): RunStepEvent {
  const parsed = parseExecActionLine(step.action);
  return {
    jobId, device, episode: item.task.episode, agent: item.agent, repeat: item.repeat, step: step.index,
    action: typeof parsed === 'string' ? { kind: 'none' } : parsed,
    description: step.description,
    url: urlOf(join(item.dir, 'captured_data', 'screenshot', `${step.index}.png`)),
    totalMs: step.timings.totalMs, agentMs: step.timings.agentMs,
    ...conversationOf(step.agent),
  };
}
