#!/usr/bin/env node
/**
 * `touchstone` command-line entry. Each subcommand lives in electron/cli/<name>.ts
 * and exports `run(args): Promise<number>` (the exit code); modules are loaded
 * lazily so `touchstone vh number` does not pay for onnxruntime.
 */
import { quietOnBrokenPipe } from './cli/stdio';
const commands: Record<string, { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }> = {
  serve: { summary: 'serve the app over loopback HTTP+WebSocket (web mode)', load: () => import('./cli/serve') },
  dataset: { summary: 'dataset check <dir>: validate a LlamaTouch dataset', load: () => import('./cli/dataset') },
  vh: { summary: 'vh number <file.xml|file.vh>: print the numbered component list', load: () => import('./cli/vh') },
  eval: { summary: 'evaluate agent traces against a dataset', load: () => import('./cli/eval') },
  device: { summary: 'device serve: run the Touchstone virtual Android device', load: () => import('./cli/device') },
  world: { summary: 'world build <dir>: merge recorded traces into an offline graph world', load: () => import('./cli/world') },
  devices: { summary: 'list the devices adb sees, with what to do about unusable ones', load: () => import('./cli/devices') },
  run: { summary: 'run agents on dataset tasks over a device pool, writing evaluated traces', load: () => import('./cli/run') },
  record: { summary: 'record a demonstration on a device as a new ground-truth episode', load: () => import('./cli/record') },
  'agent-api': { summary: 'serve the agent HTTP API: external agents run episodes on the devices', load: () => import('./cli/agent-api') },
  mcp: { summary: 'MCP server (stdio or streamable HTTP): assistants run episodes on the devices', load: () => import('./cli/mcp') },
  demo: { summary: 'demo create: generate the demo dataset on the virtual phone', load: () => import('./cli/demo') },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  touchstone ${name.padEnd(8)} ${c.summary}`);
  return ['Usage: touchstone <command> [options]', '', ...lines, '', 'Run `touchstone <command> --help` for its options.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  quietOnBrokenPipe();
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const cmd = commands[name];
  if (!cmd) {
    console.error(`touchstone: unknown command '${name}'.\n\n${usage()}`);
    return 2;
  }
  const mod = await cmd.load();
  return mod.run(rest);
}

let settled = false;
// A command whose work is left waiting on nothing that keeps the process alive (an unref'd handle)
// would otherwise end with exit 0 and no output: say so and fail instead.
process.once('beforeExit', () => {
  if (settled) return;
  console.error(`touchstone: internal error: '${process.argv[2] ?? ''}' stopped before finishing (nothing left to wait for). Please report it with the command line.`);
  process.exitCode = 70;
});
main(process.argv.slice(2)).then(
  (code) => { settled = true; process.exitCode = code; },
  (err: unknown) => {
    settled = true;
    console.error(`touchstone: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
