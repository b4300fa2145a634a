import type OpenAI from 'openai';
import type { Size } from '../../../../shared/model';
import { ACTION_NAMES } from '../agent-action';
import { describeElements, type ScreenElement } from '../screen-view';

type Tool = OpenAI.Chat.Completions.ChatCompletionTool;
type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const where = { element: { type: 'integer', description: 'number of the screen element, as in [n] of the element list' }, x: { type: 'number', description: 'device pixels from the left' }, y: { type: 'number', description: 'device pixels from the top' } };
const fn = (name: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []): Tool =>
  ({ type: 'function', function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } } });

/** One tool per action, the names of ACTION_NAMES. */
export const ACTION_TOOLS: Tool[] = [
  fn('tap', 'Tap a screen element (preferred: by its number) or a point.', where),
  fn('long_press', 'Long-press a screen element or a point.', where),
  fn('swipe', 'Swipe: the finger moves in "direction" (up scrolls the content down), from the screen centre or from an element.', { direction: { type: 'string', enum: ['up', 'down', 'left', 'right'] }, element: where.element }, ['direction']),
  fn('type', 'Type text into the focused field (tap the field first).', { text: { type: 'string' } }, ['text']),
  fn('back', 'Press the Back key.'), fn('home', 'Press the Home key.'), fn('enter', 'Press Enter.'),
  fn('launch', 'Start an app by its package name.', { package: { type: 'string' } }, ['package']),
  fn('api', 'Run one adb shell command as an API call instead of UI steps: an intent (am start -a ACTION -d URI, am start -n pkg/.Activity), settings put system|secure|global KEY VALUE, cmd uimode night yes|no, svc wifi|data|bluetooth enable|disable. Other commands are refused.', { command: { type: 'string' } }, ['command']),
  fn('complete', 'Declare the task done (the screen shows it is done).'),
  fn('impossible', 'Declare the task impossible on this device.'),
];

export function systemPrompt(tools: boolean): string {
  const how = tools
    ? 'Answer with exactly one tool call: the next action.'
    : `Answer with exactly one JSON object and nothing else, e.g. {"action": "tap", "element": 3}. Actions: ${ACTION_NAMES.join(', ')}; tap and long_press take "element" (a number) or "x" and "y"; swipe takes "direction"; type takes "text"; launch takes "package"; api takes "command" (one adb shell command: am start ..., settings put ...).`;
  return [
    'You operate an Android phone to carry out a task for the user, one action at a time.',
    'Each turn you get the task, the actions taken so far, and the current screen as a numbered list of its elements (and, in vision mode, a screenshot with the same numbers drawn on it).',
    'Refer to elements by their number. When the screen shows the task is done, call complete; if it cannot be done, call impossible.',
    how,
  ].join('\n');
}

export interface PromptInput {
  task: string;
  screen: Size;
  activity: string;
  elements: readonly ScreenElement[];
  history: readonly string[];
  /** What was wrong with the previous reply, to be told to the model. */
  feedback?: string;
  /** Set-of-marks PNG (vision mode). */
  marked?: Buffer;
}

/** The user turn of one step: task, history, feedback, the numbered elements, and the marked screenshot in vision mode. */
export function userPrompt(p: PromptInput): Message {
  const lines = [
    `Task: ${p.task}`,
    `Screen: ${p.screen.width}x${p.screen.height} pixels; foreground activity: ${p.activity || 'unknown'}.`,
    p.history.length ? `Actions so far (oldest first):\n${p.history.map((h, i) => `${i + 1}. ${h}`).join('\n')}` : 'No actions taken yet.',
    ...(p.feedback ? [`Your previous reply was not a valid action: ${p.feedback} The step was recorded as invalid; answer with a valid action.`] : []),
    `Screen elements:\n${describeElements(p.elements) || '(none: use coordinates, swipe, back or home)'}`,
  ];
  const text = lines.join('\n\n');
  if (!p.marked) return { role: 'user', content: text };
  return { role: 'user', content: [{ type: 'text', text }, { type: 'image_url', image_url: { url: `data:image/png;base64,${p.marked.toString('base64')}` } }] };
}

/** The messages as recorded in episode.json: images replaced by their size (the PNG itself is the step's screenshot). */
export function recordable(messages: readonly Message[], what = 'set-of-marks PNG'): unknown[] {
  return messages.map((m) => {
    if (!Array.isArray(m.content)) return m;
    return { ...m, content: m.content.map((part) => (part.type === 'image_url' ? { type: 'image_url', image_url: `<${what}, ${Math.round((part.image_url.url.length * 3) / 4 / 1024)} KiB>` } : part)) };
  });
}
