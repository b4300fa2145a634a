import { readImageFile } from '../../platform/confined-read';
import type { TraceInput } from '../../../shared/evaluation/types';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { historyEntry } from '../../../shared/evaluation/checkpoints/action-history';
import { renderTemplate, type ChatMessage, type ContentPart, type PromptTemplate } from './judge-prompt';

/** What the judge sees: hierarchies as text, or the screenshots. */
export type JudgeInput = 'text' | 'vision';
/** Which screens: the final one, all of them, or all for information queries and the final one otherwise. */
export type JudgeFrames = 'auto' | 'final' | 'all';

/** Longest screen text sent per screen (characters); long lists are cut with a note. */
const MAX_SCREEN_CHARS = 8000;
/** Most screens sent for a multi-frame task (the last ones). */
const MAX_FRAMES = 24;

/**
 * Information-query tasks ("What is...", "How many...", "Check the weather...") are answered on some
 * screen along the way, not necessarily the last; A3 gives the judge the whole sequence for them.
 */
export function isQueryTask(instruction: string): boolean {
  const s = instruction.trim().toLowerCase();
  return /\?\s*$/.test(s) || /^(what|what's|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|can|could|tell me|find out|look up|check|show me the|how many|how much)\b/.test(s);
}

/** The step indices whose screens are sent. */
export function pickFrames(trace: TraceInput, instruction: string, frames: JudgeFrames): number[] {
  const n = trace.steps.length;
  if (!n) return [];
  const all = frames === 'all' || (frames === 'auto' && isQueryTask(instruction));
  return all ? trace.steps.slice(-MAX_FRAMES).map((s) => s.index) : [trace.steps[n - 1]!.index];
}

function screenText(trace: TraceInput, i: number): string {
  const s = trace.steps.find((x) => x.index === i)!;
  const head = `### Screen of step ${i}${s.activity ? ` (activity ${s.activity})` : ''}`;
  const vh = s.hierarchy;
  if (!vh) return `${head}\n(no hierarchy: ${s.hierarchyProblem ?? 'not recorded'})`;
  const text = simplifyScreen(vh);
  const body = text.length > MAX_SCREEN_CHARS ? `${text.slice(0, MAX_SCREEN_CHARS)}\n(... ${text.length - MAX_SCREEN_CHARS} more characters cut)` : text;
  return `${head}\n${body || '(no element with text on this screen)'}`;
}

function imagePart(file: string | undefined): ContentPart | string {
  if (!file) return 'no screenshot recorded';
  try {
    const mime = /\.jpe?g$/i.test(file) ? 'image/jpeg' : 'image/png';
    return { type: 'image_url', image_url: { url: `data:${mime};base64,${Buffer.from(readImageFile(file)).toString('base64')}` } };
  } catch (err) {
    return `screenshot ${file} unreadable (${(err as Error).message})`;
  }
}

/** The chat messages for one episode, plus the frames shown and any problem met building them. */
export interface JudgeRequest {
  messages: ChatMessage[];
  frames: number[];
  problems: string[];
}

/** Builds the messages for one episode from the editable template. */
export function buildJudgeRequest(t: PromptTemplate, instruction: string, trace: TraceInput, input: JudgeInput, frames: JudgeFrames): JudgeRequest {
  const shown = pickFrames(trace, instruction, frames);
  const problems: string[] = [];
  const framesText = shown.length === 1 ? 'the final screen' : `${shown.length} screens, in order`;
  const actions = trace.steps.map((s) => `- step ${s.index}: ${historyEntry(s).describe}`).join('\n') || '(no actions recorded)';
  const screens = input === 'text'
    ? shown.map((i) => screenText(trace, i)).join('\n\n')
    : `(${shown.length === 1 ? 'the screenshot is' : `${shown.length} screenshots are`} attached below, in order)`;
  const values = { instruction: instruction.trim(), frames: framesText, screens, actions };
  const messages: ChatMessage[] = [];
  if (t.system) messages.push({ role: 'system', content: renderTemplate(t.system, values) });
  const user = renderTemplate(t.user, values);
  if (input === 'text') messages.push({ role: 'user', content: user });
  else {
    const parts: ContentPart[] = [{ type: 'text', text: user }];
    for (const i of shown) {
      const p = imagePart(trace.steps.find((x) => x.index === i)?.screenshot);
      if (typeof p === 'string') { problems.push(`Step ${i}: ${p}.`); parts.push({ type: 'text', text: `(step ${i}: ${p})` }); }
      else parts.push({ type: 'text', text: `Screenshot of step ${i}:` }, p);
    }
    messages.push({ role: 'user', content: parts });
  }
  if (!shown.length) problems.push('The trace has no steps; the judge sees no screen.');
  return { messages, frames: shown, problems };
}
