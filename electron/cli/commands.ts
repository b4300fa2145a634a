/**
 * The `touchstone` commands and their one-line summaries: the only place a summary is written.
 * `touchstone --help` lists them; each command's own `--help` heads its page with it. Kept free
 * of imports: the dispatcher loads it at every start, before it knows which command runs.
 */
export const COMMANDS = {
  serve: { summary: 'serve the app over loopback HTTP+WebSocket (web mode)' },
  dataset: { subcommands: { check: 'validate a LlamaTouch dataset' } },
  vh: { subcommands: { number: 'print the numbered component list of a view hierarchy' } },
  eval: { summary: 'evaluate agent traces against a dataset' },
  audit: { summary: 'list tasks whose annotation a no-op, install, random, cut or shortcut trace passes (offline, or on devices)' },
  compare: { summary: 'compare two results or two agents: flipped episodes, paired test, manifest differences' },
  device: { subcommands: { serve: 'run the Touchstone virtual Android device' } },
  world: { subcommands: { build: 'merge recorded traces into an offline graph world' } },
  devices: { summary: 'list the devices adb sees, with what to do about unusable ones' },
  run: { summary: 'run agents on dataset tasks over a device pool, writing evaluated traces' },
  record: { summary: 'record a demonstration on a device as a new ground-truth episode' },
  'agent-api': { summary: 'serve the agent HTTP API: external agents run episodes on the devices' },
  mcp: { summary: 'MCP server (stdio or streamable HTTP): assistants run episodes on the devices' },
  demo: { subcommands: { create: 'generate the demo dataset on the virtual phone' } },
} as const satisfies Record<string, { summary: string } | { subcommands: Record<string, string> }>;

export type CommandName = keyof typeof COMMANDS;
type Groups = { [K in CommandName]: (typeof COMMANDS)[K] extends { subcommands: infer S } ? [K, keyof S & string] : never }[CommandName];
type Singles = { [K in CommandName]: (typeof COMMANDS)[K] extends { summary: string } ? [K] : never }[CommandName];
/** A command's words after `touchstone`: `['eval']`, `['device', 'serve']`. */
export type CommandPath = Singles | Groups;

/** The summary of a command or subcommand. */
export function summaryOf(path: CommandPath): string {
  const c = COMMANDS[path[0]] as { summary?: string; subcommands?: Record<string, string> };
  return (path.length === 2 ? c.subcommands?.[path[1]] : c.summary) ?? '';
}

/** Subcommand names of a command (empty for a command without them). */
export function subcommandsOf(name: CommandName): string[] {
  const c = COMMANDS[name] as { subcommands?: Record<string, string> };
  return Object.keys(c.subcommands ?? {});
}

/** Every command line `touchstone --help` lists, with its summary. */
export function commandLines(): { words: string; summary: string }[] {
  return (Object.keys(COMMANDS) as CommandName[]).flatMap((name) => {
    const subs = subcommandsOf(name);
    return subs.length
      ? subs.map((s) => ({ words: `${name} ${s}`, summary: summaryOf([name, s] as CommandPath) }))
      : [{ words: name, summary: summaryOf([name] as CommandPath) }];
  });
}
