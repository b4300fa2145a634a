/**
 * The options `touchstone agent-api` and `touchstone mcp` share (an episode host: tasks of a
 * dataset served on devices to external agents), declared once for both.
 */
import { RUN_DEFAULTS } from '../core/runner/start-run';
import type { HostSettings } from './host-args';
import { DEFAULT_EMBEDDER_SPEC, parseEmbedderSpec } from '../core/evaluation/embedding-provider';
import type { OptionDecl, Values } from './args';
import { listOrAll } from './option-values';

const POSITIVE = { type: 'integer', min: 1 } as const;

export const HOST_OPTIONS = {
  dataset: { type: 'string', value: 'D', required: true, description: 'LlamaTouch dataset whose tasks agents may start (llamatouch_task_metadata.tsv)' },
  devices: { type: 'string', value: 'S', required: true, parse: listOrAll, description: 'comma-separated serials, or all usable devices (one episode per device at a time)' },
  tasks: { type: 'string', value: 'T', default: 'all', parse: listOrAll, description: 'episode ids agents may start' },
  out: { type: 'string', value: 'DIR', default: RUN_DEFAULTS.out, description: 'traces go to DIR/<agent>/r<n>/<episode>/' },
  'max-steps': { ...POSITIVE, default: RUN_DEFAULTS.maxSteps, description: 'step limit per episode' },
  'step-timeout': { ...POSITIVE, value: 'MS', default: RUN_DEFAULTS.stepTimeoutMs, description: "longest wait for the agent's next action" },
  'episode-timeout': { ...POSITIVE, value: 'MS', default: RUN_DEFAULTS.episodeTimeoutMs, description: 'limit for one episode' },
  'no-eval': { type: 'boolean', description: 'do not evaluate finished episodes' },
  embedder: { type: 'string', value: 'E', default: DEFAULT_EMBEDDER_SPEC, parse: parseEmbedderSpec, description: 'default | onnx:<dir> | none, for fuzzy items in the evaluation' },
  'adb-server': { type: 'string', value: 'H:P', description: 'the adb server to use (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, 5037)' },
} as const satisfies Record<string, OptionDecl>;

/** The host the parsed options describe. */
export function hostSettings(v: Values<typeof HOST_OPTIONS>): HostSettings {
  return {
    dataset: v.dataset, devices: v.devices, tasks: v.tasks, out: v.out, evaluate: !v['no-eval'], embedder: v.embedder, adbServer: v['adb-server'],
    limits: { maxSteps: v['max-steps'], stepTimeoutMs: v['step-timeout'], episodeTimeoutMs: v['episode-timeout'] },
  };
}

/** `--port N` of the servers (0: a free one). */
export const PORT_OPTION = { type: 'integer', min: 0, max: 65535, default: 0, description: 'port to listen on (0: a free one)' } as const satisfies OptionDecl;
