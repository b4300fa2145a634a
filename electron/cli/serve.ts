/**
 * `touchstone serve [--port N] [--open] [--root DIR]…`: the app in a browser,
 * over a loopback server with a per-launch token (see electron/server.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVAL_EXTRA_METHODS, type EvalExtraMethod, type EvalSpec } from '../../shared/contract/evaluation';
import { createAppService } from '../app';
import { agentApiMount } from '../core/agents/http-api/serve-mount';
import { hostFromArgs } from './host-args';
import { startServer } from '../server';

const USAGE = `Usage: touchstone serve [--port N] [--open] [--root DIR]... [--state-dir DIR]
                       [--dataset D --traces NAME=DIR [--traces NAME=DIR]... [--human labels.csv] [--method judge,hybrid,checkpoints]]

Serves the Touchstone UI on http://127.0.0.1 (never on other interfaces) and
prints the URL to open; it carries a random token that changes every launch.

  --port N         port to listen on (default: a free one)
  --open           open the URL in the default browser
  --root DIR       offer DIR in the UI and refuse to open folders outside it (repeatable)
  --state-dir DIR  where the recent-datasets list and the evaluation cache are kept (default ~/.config/touchstone)
  --dataset D      open the evaluation view straight onto dataset D with the agents' traces:
  --traces NAME=DIR  one agent's traces folder (any layout touchstone eval detects), repeatable;
                   a bare DIR is named after the folder
  --human FILE     human labels (episode,human CSV) for the agents; created on the first label
  --method M,...   more columns from the start: judge, hybrid (endpoint from TOUCHSTONE_LLM_BASE_URL /
                   TOUCHSTONE_LLM_MODEL / TOUCHSTONE_LLM_API_KEY), checkpoints (<dataset>/checkpoints.json)
  --agent-dataset D --agent-devices S
                   also serve the agent HTTP API (/v1/..., /openapi.json; see touchstone agent-api)
                   for the tasks of D on devices S, behind the same token`;

export interface ServeArgs {
  port: number;
  open: boolean;
  roots: string[];
  stateDir: string;
  /** `--dataset` with `--traces`: the evaluation the UI opens onto. */
  evaluation?: EvalSpec;
  agentDataset?: string;
  agentDevices?: string;
}

/** Parses the command line; returns a message instead when it is wrong. */
export function parseServeArgs(args: string[]): ServeArgs | { error: string } | 'help' {
  const out: ServeArgs = { port: 0, open: false, roots: [], stateDir: defaultStateDir() };
  const ev: { dataset?: string; human?: string; agents: EvalSpec['agents']; methods?: EvalExtraMethod[] } = { agents: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string | undefined => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i]);
    const flag = a.split('=')[0];
    if (flag === '--help' || flag === '-h') return 'help';
    else if (flag === '--open') out.open = true;
    else if (flag === '--port') {
      const v = value();
      const n = Number(v);
      if (!v || !Number.isInteger(n) || n < 0 || n > 65535) return { error: `--port needs a port number 0-65535, got ${v ?? 'nothing'}.` };
      out.port = n;
    } else if (flag === '--root') {
      const v = value();
      if (!v) return { error: '--root needs a folder.' };
      if (!existsSync(v)) return { error: `--root ${v}: no such folder.` };
      out.roots.push(resolve(v));
    } else if (flag === '--state-dir') {
      const v = value();
      if (!v) return { error: '--state-dir needs a folder.' };
      out.stateDir = resolve(v);
    } else if (flag === '--dataset' || flag === '--human') {
      const v = value();
      if (!v) return { error: `${flag} needs a ${flag === '--dataset' ? 'folder' : 'file'}.` };
      if (flag === '--dataset' && !existsSync(v)) return { error: `--dataset ${v}: no such folder.` };
      ev[flag.slice(2) as 'dataset' | 'human'] = resolve(v);
    } else if (flag === '--traces') {
      const v = value();
      if (!v) return { error: '--traces needs NAME=DIR (or DIR).' };
      const eq = v.indexOf('=');
      const dir = eq > 0 ? v.slice(eq + 1) : v;
      if (!existsSync(dir)) return { error: `--traces ${v}: no such folder ${dir}.` };
      const name = eq > 0 ? v.slice(0, eq) : basename(resolve(dir));
      if (ev.agents.some((x) => x.name === name)) return { error: `--traces: two agents are named ${name}; write NAME=DIR with different names.` };
      ev.agents.push({ name, path: resolve(dir) });
    } else if (flag === '--method') {
      const ms = (value() ?? '').split(',').map((m) => m.trim()).filter(Boolean);
      const bad = ms.filter((m) => !EVAL_EXTRA_METHODS.includes(m as EvalExtraMethod));
      if (!ms.length || bad.length) return { error: `--method takes ${EVAL_EXTRA_METHODS.join(', ')} (comma-separated); got ${bad.join(', ') || 'nothing'}.` };
      ev.methods = ms as EvalExtraMethod[];
    } else if (flag === '--agent-dataset' || flag === '--agent-devices') {
      const v = value();
      if (!v) return { error: `${flag} needs a value.` };
      if (flag === '--agent-dataset') out.agentDataset = resolve(v); else out.agentDevices = v;
    } else return { error: `Unknown option ${a}.` };
  }
  if (ev.dataset || ev.agents.length || ev.human || ev.methods) {
    if (!ev.dataset || !ev.agents.length) return { error: '--dataset and --traces go together: give the dataset folder and at least one NAME=DIR.' };
    out.evaluation = { dataset: ev.dataset, agents: ev.agents, ...(ev.human ? { human: ev.human } : {}), ...(ev.methods ? { methods: ev.methods } : {}) };
  }
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

function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++, dir = dirname(dir)) {
    const f = join(dir, 'package.json');
    if (existsSync(f)) {
      try {
        return (JSON.parse(readFileSync(f, 'utf8')) as { version?: string }).version ?? '0.0.0';
      } catch {
        break;
      }
    }
  }
  return '0.0.0';
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
    console.log(USAGE);
    return 0;
  }
  if ('error' in parsed) {
    console.error(`touchstone serve: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  if ((parsed.agentDataset === undefined) !== (parsed.agentDevices === undefined)) {
    console.error('touchstone serve: --agent-dataset and --agent-devices go together.');
    return 2;
  }
  const agents = parsed.agentDataset ? agentApiMount((await hostFromArgs(['--dataset', parsed.agentDataset, '--devices', parsed.agentDevices!])).host) : null;
  const rendererDir = findRendererDir();
  if (!rendererDir) console.error('touchstone serve: no built UI found (dist/renderer); run `npm run build`. Serving the API only.');
  const server = await startServer({
    port: parsed.port,
    ...(rendererDir ? { rendererDir } : {}),
    ...(agents ? { mount: agents.mount } : {}),
    createService: (fileUrl) =>
      createAppService({ mode: 'web', version: packageVersion(), stateDir: parsed.stateDir, fileUrl, allowedRoots: parsed.roots, ...(parsed.evaluation ? { evaluation: parsed.evaluation } : {}) }),
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
