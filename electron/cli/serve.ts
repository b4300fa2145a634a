/**
 * `touchstone serve [--port N] [--open] [--root DIR]…`: the app in a browser,
 * over a loopback server with a per-launch token (see electron/server.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVAL_EXTRA_METHODS, type EvalExtraMethod } from '../../shared/contract/evaluation-methods';
import type { EvalSpec } from '../../shared/contract/evaluation';
import { createAppService } from '../app';
import { agentApiMount } from '../core/agents/http-api/serve-mount';
import { openEpisodeHost } from './host-args';
import { startServer } from '../server';
import { defineCommand, parseCommand, usageError } from './args';
import { commandHelp } from './args-help';
import { listOrAll } from './option-values';
import { PERSIST_OPTION } from './persist-option';
import type { PersistRule } from '../../shared/evaluation/persistence';
import { toolVersion } from '../core/manifest/tool-version';

/** `--traces NAME=DIR` (or a bare DIR, named after the folder). */
function agentTraces(v: string): { name: string; path: string } {
  const eq = v.indexOf('=');
  const dir = eq > 0 ? v.slice(eq + 1) : v;
  if (!existsSync(dir)) throw new Error(`--traces ${v}: no such folder ${dir}.`);
  return { name: eq > 0 ? v.slice(0, eq) : basename(resolve(dir)), path: resolve(dir) };
}

function existingFolder(flag: string): (v: string) => string {
  return (v) => {
    if (!existsSync(v)) throw new Error(`--${flag} ${v}: no such folder.`);
    return resolve(v);
  };
}

function extraMethods(v: string): EvalExtraMethod[] {
  const ms = v.split(',').map((m) => m.trim()).filter(Boolean);
  const bad = ms.filter((m) => !EVAL_EXTRA_METHODS.includes(m as EvalExtraMethod));
  if (!ms.length || bad.length) throw new Error(`--method takes ${EVAL_EXTRA_METHODS.join(', ')} (comma-separated); got ${bad.join(', ') || 'nothing'}.`);
  return ms as EvalExtraMethod[];
}

const EVALUATION = 'Evaluation view (--dataset and --traces go together)';

/** The command line of `touchstone serve`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['serve'],
  description: `Serves the Touchstone UI on http://127.0.0.1 (never on other interfaces) and
prints the URL to open; it carries a random token that changes every launch.`,
  options: {
    port: { type: 'integer', min: 0, max: 65535, value: 'N', default: 0, description: 'port to listen on (0: a free one)' },
    open: { type: 'boolean', description: 'open the URL in the default browser' },
    root: { type: 'string', value: 'DIR', multiple: true, parse: existingFolder('root'), description: 'offer DIR in the UI and refuse to open folders outside it' },
    'state-dir': { type: 'string', value: 'DIR', default: defaultStateDir(), parse: (v: string) => resolve(v), description: 'where the recent-datasets list and the evaluation cache are kept' },
    dataset: { type: 'string', value: 'D', group: EVALUATION, parse: existingFolder('dataset'), description: "open the evaluation view straight onto dataset D with the agents' traces" },
    traces: { type: 'string', value: 'NAME=DIR', multiple: true, group: EVALUATION, parse: agentTraces, description: "one agent's traces folder (any layout touchstone eval detects); a bare DIR is named after the folder" },
    human: { type: 'string', value: 'FILE', group: EVALUATION, parse: (v: string) => resolve(v), description: 'human labels (episode,human CSV) for the agents; created on the first label' },
    method: {
      type: 'string', value: 'M,...', group: EVALUATION, parse: extraMethods,
      description: 'more columns from the start: judge, hybrid (endpoint from TOUCHSTONE_LLM_BASE_URL / TOUCHSTONE_LLM_MODEL / TOUCHSTONE_LLM_API_KEY), checkpoints (<dataset>/checkpoints.json)',
    },
    persist: { ...PERSIST_OPTION, group: EVALUATION, description: `the persistence rule of every evaluation opened in the UI that does not choose one (the Evaluate form's "server default"), as touchstone eval --persist: ${PERSIST_OPTION.description}` },
    'agent-dataset': { type: 'string', value: 'D', group: 'Agent HTTP API', parse: (v: string) => resolve(v), description: 'also serve the agent HTTP API (/v1/..., /openapi.json; see touchstone agent-api) for the tasks of D, behind the same token' },
    'agent-devices': { type: 'string', value: 'S', group: 'Agent HTTP API', parse: listOrAll, description: 'the devices of --agent-dataset: comma-separated serials, or all' },
  },
});

export interface ServeArgs {
  port: number;
  open: boolean;
  roots: string[];
  stateDir: string;
  /** `--dataset` with `--traces`: the evaluation the UI opens onto. */
  evaluation?: EvalSpec;
  agentDataset?: string;
  agentDevices?: string[] | 'all';
  /** `--persist`: the default rule of evaluations opened from the UI. */
  persist?: PersistRule;
}

/** Parses the command line; returns a message instead when it is wrong. */
export function parseServeArgs(args: string[]): ServeArgs | { error: string } | 'help' {
  const p = parseCommand(SPEC, args);
  if (!p.ok) return 'help' in p ? 'help' : { error: p.error };
  const v = p.values;
  const out: ServeArgs = { port: v.port, open: v.open, roots: v.root, stateDir: v['state-dir'], agentDataset: v['agent-dataset'], agentDevices: v['agent-devices'], ...(v.persist ? { persist: v.persist } : {}) };
  const names = v.traces.map((t) => t.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) return { error: `--traces: two agents are named ${twice}; write NAME=DIR with different names.` };
  if (v.dataset || v.traces.length || v.human || v.method) {
    if (!v.dataset || !v.traces.length) return { error: '--dataset and --traces go together: give the dataset folder and at least one NAME=DIR.' };
    out.evaluation = { dataset: v.dataset, agents: v.traces, ...(v.human ? { human: v.human } : {}), ...(v.method ? { methods: v.method } : {}), ...(v.persist ? { persist: v.persist } : {}) };
  }
  if ((out.agentDataset === undefined) !== (out.agentDevices === undefined)) return { error: '--agent-dataset and --agent-devices go together.' };
  return out;
}

function defaultStateDir(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'touchstone');
}

/** The built renderer: next to the bundled CLI (dist/renderer) or the checkout's dist/ when run from source. */
export function findRendererDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'renderer'), join(here, '..', '..', 'dist', 'renderer'), join(process.cwd(), 'dist', 'renderer')];
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? null;
}

function openInBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(cmd, [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => console.error(`Could not start ${cmd}; open the URL above by hand.`));
  child.unref();
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseServeArgs(args);
  if (parsed === 'help') {
    console.log(commandHelp(SPEC));
    return 0;
  }
  if ('error' in parsed) return usageError(SPEC, parsed.error);
  const agents = parsed.agentDataset ? agentApiMount(await openEpisodeHost({ dataset: parsed.agentDataset, devices: parsed.agentDevices! })) : null;
  const rendererDir = findRendererDir();
  if (!rendererDir) console.error('touchstone serve: no built UI found (dist/renderer); run `npm run build`. Serving the API only.');
  const server = await startServer({
    port: parsed.port,
    ...(rendererDir ? { rendererDir } : {}),
    ...(agents ? { mount: agents.mount } : {}),
    createService: (fileUrl) =>
      createAppService({ mode: 'web', version: toolVersion(), stateDir: parsed.stateDir, fileUrl, allowedRoots: parsed.roots, ...(parsed.evaluation ? { evaluation: parsed.evaluation } : {}), ...(parsed.persist ? { evalDefaults: { persist: parsed.persist } } : {}) }),
  });
  console.log(`Touchstone is serving on 127.0.0.1:${server.port}. Open:\n\n  ${server.url}\n\nThe token in the URL changes every launch. Press Ctrl+C to stop.`);
  if (agents) console.log(`Also serving the ${agents.describe}:\nTOUCHSTONE_URL=${server.origin}\nTOUCHSTONE_TOKEN=${server.token}`);
  if (parsed.open) openInBrowser(server.url);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // A second Ctrl+C while closing ends at once.
  process.once('SIGINT', () => process.exit(130));
  await Promise.race([
    Promise.all([agents?.close(), server.close()]),
    new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref()),
  ]);
  // What a used server still holds (the adb device tracker, job workers, emulator consoles, pending timers)
  // would keep the process alive for good: once the sockets are closed, it ends. Unref'd, so a process that
  // has nothing left ends at once by itself.
  setTimeout(() => process.exit(0), 200).unref();
  return 0;
}

/** How long closing the sockets may take after Ctrl+C before the process ends anyway. */
const STOP_GRACE_MS = 2_000;
