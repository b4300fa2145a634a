import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ACTION_NAMES } from '../agent-action';
import type { AgentHub, Session } from '../external/agent-hub';
import { BridgeError } from '../external/bridge-agent';
import { drawMarks } from '../llm/set-of-marks';
import { describeElements } from '../screen-view';

type Content = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };
type Result = { content: Content[]; isError?: boolean };

const text = (t: string, isError = false): Result => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError } : {}) });

/** Tool errors go back to the model as error results it can read and correct (never as protocol failures). */
async function guarded(f: () => Promise<Result>): Promise<Result> {
  try { return await f(); } catch (err) { return text(err instanceof BridgeError ? err.message : `Failed: ${(err as Error).message}`, true); }
}

/**
 * The MCP tools over an agent hub: list devices and tasks, start an episode,
 * observe (the screenshot as image content plus the numbered hierarchy), act,
 * finish. Episodes run through the runner, so each is recorded and evaluated.
 */
export function createMcpServer(hub: AgentHub, agentName = 'mcp', version = '0.1.0'): McpServer {
  const server = new McpServer({ name: 'touchstone', version }, { instructions: 'Run mobile GUI tasks on Touchstone devices: start_episode, then observe and act until the task is done, then finish. Each episode is recorded as an execution trace and evaluated.' });
  const session = (id?: string): Session => {
    if (id) return hub.get(id);
    if (!hub.latest) throw new BridgeError(409, 'No episode yet: call start_episode first.');
    return hub.latest;
  };
  const sessionArg = { session: z.string().optional().describe('session id from start_episode (default: the latest)') };

  server.registerTool('list_devices', { description: 'Devices of the pool and whether each is free.' }, async () => guarded(async () =>
    text(JSON.stringify(hub.host?.devices.map((d) => ({ serial: d.serial, model: d.model ?? null, free: hub.host!.freeDevices().includes(d.serial) })) ?? [], null, 1))));

  server.registerTool('list_tasks', { description: 'Tasks that can be started, with their instructions.' }, async () => guarded(async () =>
    text((hub.host?.tasks ?? []).map((t) => `${t.episode}\t${t.description}`).join('\n') || 'No task list here: start_episode without a task takes the next episode `touchstone run` queued.')));

  server.registerTool('start_episode', {
    description: 'Start an episode of a task on a free device (resets the device); returns the session id and the instruction.',
    inputSchema: { task: z.string().optional().describe('task id from list_tasks (omit under `touchstone run --agent mcp`)'), device: z.string().optional() },
  }, async ({ task, device }) => guarded(async () => {
    const s = await hub.open({ task, device, agentName });
    return text(`session: ${s.id}\ntask: ${s.episode}\ninstruction: ${s.instruction}\ndevice: ${s.device ?? '-'}\nCall observe, then act until done, then finish.`);
  }));

  server.registerTool('observe', {
    description: 'The current screen: a screenshot with numbered boxes (set-of-marks) and the numbered element list.',
    inputSchema: { ...sessionArg, marks: z.boolean().optional().describe('draw the numbers on the screenshot (default true)'), image: z.boolean().optional().describe('include the screenshot (default true)') },
  }, async ({ session: id, marks, image }) => guarded(async () => {
    const v = await session(id).agent.current('observe');
    if (!v) return text('The episode is over; call finish for its result.', true);
    const head = `step ${v.step}; activity ${v.activity || 'unknown'}; screen ${v.screen.width}x${v.screen.height}\n${describeElements(v.elements) || '(no numbered elements)'}`;
    if (image === false) return text(head);
    const png = marks === false ? v.screenshot : await drawMarks(v.screenshot, v.elements, 720);
    return { content: [{ type: 'image', data: png.toString('base64'), mimeType: 'image/png' }, { type: 'text', text: head }] };
  }));

  server.registerTool('act', {
    description: 'Perform one action on the current screen and wait for the next one. Prefer element numbers from observe. Instead of action, aitw takes an AITW action string.',
    inputSchema: {
      ...sessionArg, action: z.enum(ACTION_NAMES).optional(),
      aitw: z.string().optional().describe('an AITW action string as LlamaTouch AgentEnv takes it: "action_type: DUAL_POINT, touch_point: [x, y], lift_point: [x, y], typed_text: ..." (points as fractions of width and height); give it instead of action'), element: z.number().int().optional(), x: z.number().optional(), y: z.number().optional(),
      direction: z.enum(['up', 'down', 'left', 'right']).optional(), text: z.string().optional(), package: z.string().optional(),
      command: z.string().optional().describe('api: one adb shell command (am start ..., settings put ...); others are refused'),
    },
  }, async ({ session: id, ...req }) => guarded(async () => {
    const r = await session(id).agent.act(req);
    return text(r.done ? `${r.action}: the episode is over; call finish for the result.` : `${r.action}: done; now at step ${r.step}.`);
  }));

  server.registerTool('finish', {
    description: 'Declare the task complete or impossible (if the episode is still running) and return the evaluated result.',
    inputSchema: { ...sessionArg, status: z.enum(['complete', 'impossible']).optional().describe('default complete') },
  }, async ({ session: id, status }) => guarded(async () => {
    const s = session(id);
    if (!s.agent.isEnded) await s.agent.act({ action: status ?? 'complete' });
    const r = await s.result;
    return text(JSON.stringify({ session: s.id, task: s.episode, outcome: r.outcome, reason: r.reason ?? null, steps: r.steps.length, evaluation: r.evaluation ?? null, trace: s.dir ?? null }, null, 1));
  }));
  return server;
}
