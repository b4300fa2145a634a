/** The OpenAPI 3.1 description of the agent HTTP API, served at `/openapi.json`. */
import { ACTION_NAMES } from '../agent-action';
import { AITW_ACTION_TYPES } from '../../../../shared/kinds/actions';

const json = (schema: unknown): Record<string, unknown> => ({ content: { 'application/json': { schema } } });
const err = { description: 'Refused, with {"error": message}', ...json({ type: 'object', properties: { error: { type: 'string' } } }) };
const sid = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const session = { type: 'object', properties: { session: { type: 'string' }, task: { type: 'string' }, instruction: { type: 'string' }, app: { type: 'string' }, device: { type: ['string', 'null'] }, trace: { type: ['string', 'null'] } } };
const element = { type: 'object', properties: { n: { type: 'integer' }, cls: { type: 'string' }, text: { type: 'string' }, desc: { type: 'string' }, id: { type: 'string' }, bounds: { type: 'object' }, clickable: { type: 'boolean' }, checked: { type: 'boolean' }, editable: { type: 'boolean' } } };
const action = {
  type: 'object', description: 'Either "action" with its arguments, or "aitw" alone.',
  properties: {
    action: { enum: [...ACTION_NAMES] },
    aitw: { type: 'string', description: `an AITW action string as LlamaTouch's AgentEnv takes it: "action_type: DUAL_POINT, touch_point: [x, y], lift_point: [x, y], typed_text: ..." (points as fractions of width and height; ${AITW_ACTION_TYPES.join(', ')}, any case)` },
    element: { type: 'integer', description: 'component number from /hierarchy (tap, long_press, swipe start)' },
    x: { type: 'number' }, y: { type: 'number' }, x1: { type: 'number' }, y1: { type: 'number' }, x2: { type: 'number' }, y2: { type: 'number' },
    direction: { enum: ['up', 'down', 'left', 'right'] }, text: { type: 'string' }, package: { type: 'string' }, command: { type: 'string', description: 'api: one adb shell command (am start ..., settings put ...)' },
  },
};
const actResult = { type: 'object', properties: { step: { type: 'integer' }, done: { type: 'boolean' }, action: { type: 'string' }, line: { type: 'string', description: 'the action as its execution-trace line (TYPE|arg1|arg2|width|height)' } } };

export function openApiDocument(): Record<string, unknown> {
  const op = (summary: string, extra: Record<string, unknown>): Record<string, unknown> => ({ summary, security: [{ token: [] }], ...extra });
  return {
    openapi: '3.1.0',
    info: { title: 'Touchstone agent API', version: '1', description: 'One episode per session on a Touchstone device, recorded as an execution trace and evaluated. Mirrors LlamaTouch AgentEnv. Every /v1 call needs the token printed at launch.' },
    components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/v1/tasks': { get: op('Tasks of the dataset', { responses: { 200: { description: 'tasks' } } }) },
      '/v1/devices': { get: op('Devices of the pool and whether they are free', { responses: { 200: { description: 'devices' } } }) },
      '/v1/sessions': { post: op('Start an episode: a task by id, or (under `touchstone run --agent http`) the next queued one', {
        requestBody: json({ type: 'object', properties: { task: { type: 'string' }, device: { type: 'string' }, wait_ms: { type: 'integer' } } }),
        responses: { 201: { description: 'session', ...json(session) }, 401: err, 404: err, 409: err },
      }) },
      '/v1/sessions/{id}': {
        get: op('The session', { parameters: [sid], responses: { 200: { description: 'session', ...json(session) } } }),
        delete: op('Abandon the episode: it ends as interrupted, its steps kept', { parameters: [sid], responses: { 200: { description: 'abandoned' }, 409: err } }),
      },
      '/v1/sessions/{id}/instruction': { get: op('The task instruction', { parameters: [sid], responses: { 200: { description: 'instruction', ...json({ type: 'object', properties: { instruction: { type: 'string' } } }) } } }) },
      '/v1/sessions/{id}/screenshot': { get: op('The current screen as PNG (marks=1: numbered set-of-marks)', {
        parameters: [sid, { name: 'marks', in: 'query', schema: { enum: ['0', '1'] } }], responses: { 200: { description: 'PNG', content: { 'image/png': {} } }, 409: err },
      }) },
      '/v1/sessions/{id}/hierarchy': { get: op('The numbered view hierarchy of the current screen (xml=1 adds the raw dump)', {
        parameters: [sid, { name: 'xml', in: 'query', schema: { enum: ['0', '1'] } }],
        responses: { 200: { description: 'screen', ...json({ type: 'object', properties: { step: { type: 'integer' }, activity: { type: 'string' }, screen: { type: 'object' }, elements: { type: 'array', items: element } } }) }, 409: err },
      }) },
      '/v1/sessions/{id}/action': { post: op('Act; answers when the next screen is ready (or the episode ended)', { parameters: [sid], requestBody: json(action), responses: { 200: { description: 'done', ...json(actResult) }, 400: err, 409: err } }) },
      '/v1/sessions/{id}/complete': { post: op('Declare the task complete', { parameters: [sid], responses: { 200: { description: 'done', ...json(actResult) } } }) },
      '/v1/sessions/{id}/impossible': { post: op('Declare the task impossible', { parameters: [sid], responses: { 200: { description: 'done', ...json(actResult) } } }) },
      '/v1/sessions/{id}/result': { get: op('Outcome and evaluation once the episode is over (waits up to wait_ms)', { parameters: [sid, { name: 'wait_ms', in: 'query', schema: { type: 'integer' } }], responses: { 200: { description: 'result' }, 504: err } }) },
    },
  };
}
