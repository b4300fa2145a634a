#!/usr/bin/env node
/**
 * `touchstone` command-line entry. Each command lives in electron/cli/<name>.ts, declares its
 * options with electron/cli/args.ts and exports `run(args): Promise<number>` (the exit code);
 * modules are loaded lazily so `touchstone vh number` does not pay for onnxruntime.
 */
import { quietOnBrokenPipe } from './cli/stdio';
import { COMMANDS, type CommandName } from './cli/commands';
import { closest } from './cli/did-you-mean';
import { topHelp } from './cli/args-help';

// One bundle per command (scripts/build.mjs finds them by these import() calls); their summaries are in cli/commands.ts.
const load = {
  serve: () => import('./cli/serve'),
  dataset: () => import('./cli/dataset'),
  vh: () => import('./cli/vh'),
  eval: () => import('./cli/eval'),
  audit: () => import('./cli/audit'),
  compare: () => import('./cli/compare'),
  device: () => import('./cli/device'),
  world: () => import('./cli/world'),
  devices: () => import('./cli/devices'),
  run: () => import('./cli/run'),
  record: () => import('./cli/record'),
  'agent-api': () => import('./cli/agent-api'),
  mcp: () => import('./cli/mcp'),
  demo: () => import('./cli/demo'),
} satisfies Record<CommandName, () => Promise<{ run(args: string[]): Promise<number> }>>;

async function main(argv: string[]): Promise<number> {
  quietOnBrokenPipe();
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    // `touchstone help eval` is `touchstone eval --help`.
    if (name === 'help' && rest[0] && Object.hasOwn(COMMANDS, rest[0])) return (await load[rest[0] as CommandName]()).run([...rest.slice(1), '--help']);
    console.log(topHelp());
    return name ? 0 : 2;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    const near = closest(name, Object.keys(COMMANDS));
    console.error(`touchstone: unknown command '${name}'${near ? `; did you mean '${near}'?` : ''}\nusage: touchstone <command> [options]; 'touchstone --help' lists the commands.`);
    return 2;
  }
  const mod = await load[name as CommandName]();
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
