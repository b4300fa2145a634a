/** The options `touchstone agent-api`, `touchstone mcp` and `serve --agent-dataset` share: which tasks and devices the agent host runs episodes on. */
import { resolve } from 'node:path';
import { adbShell } from '../core/capture/device-shell';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { parseEmbedderSpec } from '../core/evaluation/embedding-provider';
import { EpisodeHost } from '../core/runner/episode-host';
import { loadRunTasks } from '../core/runner/run-tasks';
import { RUN_DEFAULTS } from '../core/runner/start-run';

/** The shared options' usage text. */
export const HOST_USAGE = `  --dataset D          LlamaTouch dataset whose tasks agents may start (llamatouch_task_metadata.tsv)
  --devices S          comma-separated serials, or all usable devices (one episode per device at a time)
  --tasks T            episode ids agents may start (default all)
  --out DIR            traces go to DIR/<agent>/r<n>/<episode>/ (default ./${RUN_DEFAULTS.out})
  --max-steps N        step limit per episode (default ${RUN_DEFAULTS.maxSteps})
  --step-timeout MS    longest wait for the agent's next action (default ${RUN_DEFAULTS.stepTimeoutMs})
  --episode-timeout MS limit for one episode (default ${RUN_DEFAULTS.episodeTimeoutMs})
  --no-eval            do not evaluate finished episodes
  --embedder E         default | onnx:<dir> | none, for fuzzy items in the evaluation
  --adb-server H:P     the adb server to use (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, 5037)`;

const VALUE_OPTS = ['dataset', 'devices', 'tasks', 'out', 'max-steps', 'step-timeout', 'episode-timeout', 'embedder', 'adb-server'];

/**
 * Parses the shared options out of `argv` (others are returned for the
 * command), then loads the tasks and picks the devices. Throws with what is wrong.
 */
export async function hostFromArgs(argv: string[], extraValueOpts: string[] = [], extraFlags: string[] = []): Promise<{ host: EpisodeHost; rest: Record<string, string>; flags: Set<string> }> {
  const v: Record<string, string> = {};
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--no-eval' || extraFlags.includes(a)) { flags.add(a); continue; }
    const key = a.startsWith('--') ? a.slice(2) : '';
    if (!VALUE_OPTS.includes(key) && !extraValueOpts.includes(key)) throw new Error(`unknown option ${a}`);
    const val = argv[++i];
    if (val === undefined) throw new Error(`${a} needs a value`);
    v[key] = val;
  }
  for (const k of ['dataset', 'devices']) if (!v[k]) throw new Error(`--${k} is required`);
  const int = (k: string): number | undefined => {
    if (v[k] === undefined) return undefined;
    const n = Number(v[k]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${k} must be a whole number >= 1; got "${v[k]}"`);
    return n;
  };
  const list = (s: string): string[] | 'all' => (s === 'all' ? 'all' : s.split(',').map((x) => x.trim()).filter(Boolean));
  const limits = { maxSteps: int('max-steps'), stepTimeoutMs: int('step-timeout'), episodeTimeoutMs: int('episode-timeout') };
  const embedder = parseEmbedderSpec(v.embedder ?? 'default');
  const tasks = await loadRunTasks(resolve(v.dataset!), list(v.tasks ?? 'all'));
  const mgr = new DeviceManager(resolveAdbServer(v['adb-server']));
  const devices = await mgr.pick(list(v.devices!));
  const host = new EpisodeHost({ tasks, devices, shellFor: (s) => adbShell(mgr.client, s), out: resolve(v.out ?? RUN_DEFAULTS.out), limits, evaluate: !flags.has('--no-eval'), embedder });
  const rest = Object.fromEntries(Object.entries(v).filter(([k]) => !VALUE_OPTS.includes(k)));
  return { host, rest, flags };
}
