import { describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineCommand, parseCommand, type CommandSpec } from './args';
import { commandLines } from './commands';
import { closest } from './did-you-mean';

const REPO = path.resolve(import.meta.dirname, '../..');
const touchstone = (...args: string[]): { code: number | null; out: string; err: string } => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

// A throw-away command over every kind of declaration (the real ones are checked through the real CLI below).
const SPEC = defineCommand({
  path: ['eval'],
  positionals: [{ name: 'dir', optional: true }],
  options: {
    dataset: { type: 'string', value: 'D', required: true, description: 'the dataset' },
    traces: { type: 'string', value: 'NAME=DIR', multiple: true, description: 'traces' },
    jobs: { type: 'integer', min: 1, max: 8, default: 2, description: 'workers' },
    mode: { type: 'string', choices: ['fixed', 'legacy'], default: 'fixed', description: 'mode' },
    quiet: { type: 'boolean', description: 'quiet' },
    shard: { type: 'string', value: 'k/n', parse: (v: string) => { const [k, n] = v.split('/').map(Number); if (!(k! >= 1 && k! <= n!)) throw new Error(`--shard must be k/n; got "${v}"`); return { k, n }; }, description: 'a part' },
  },
});
const parse = (...argv: string[]) => parseCommand(SPEC, argv);

describe('parseCommand: one declaration gives typed values, defaults, lists and checks', () => {
  it('converts and defaults values, in both --k v and --k=v spellings', () => {
    const r = parse('--dataset', 'D', '--jobs=4', '--traces', 'a=1', '--traces=b=2', '--quiet', '--shard', '2/3', 'here');
    expect(r).toMatchObject({ ok: true, positionals: ['here'], values: { dataset: 'D', jobs: 4, mode: 'fixed', quiet: true, traces: ['a=1', 'b=2'], shard: { k: 2, n: 3 } } });
    expect(r.ok && [...r.given].sort()).toEqual(['dataset', 'jobs', 'quiet', 'shard', 'traces']);
    expect(parse('--dataset', 'D')).toMatchObject({ ok: true, values: { jobs: 2, quiet: false, traces: [], shard: undefined } });
    // A value may start with a dash (a negative number, a token): it is the option's value, as before.
    expect(parse('--dataset', '-x')).toMatchObject({ ok: true, values: { dataset: '-x' } });
  });

  it.each([
    [['--dataset', 'D', '--dataset', 'E'], "--dataset was given 2 times ('D', 'E'); it takes one value"],
    [[], '--dataset is required'],
    [['--dataset', 'D', '--jobs', '0'], '--jobs must be a whole number from 1 to 8; got "0"'],
    [['--dataset', 'D', '--jobs', '2.5'], '--jobs must be a whole number from 1 to 8; got "2.5"'],
    [['--dataset', 'D', '--mode', 'strict'], '--mode must be fixed or legacy; got "strict"'],
    [['--dataset', 'D', '--shard', '3/2'], '--shard must be k/n; got "3/2"'],
    [['--dataset'], '--dataset needs a value: --dataset D'],
    [['--dataset', 'D', '--quiet=yes'], "--quiet takes no value (got 'yes')"],
    [['--datset', 'D'], "unknown option '--datset'; did you mean '--dataset'?"],
    [['--dataset', 'D', '--trcaes', 'x'], "unknown option '--trcaes'; did you mean '--traces'?"],
    [['--dataset', 'D', '--frobnicate'], "unknown option '--frobnicate'"],
    [['--dataset', 'D', '-x'], "unknown option '-x'"],
    [['--dataset', 'D', '--constructor'], "unknown option '--constructor'"], // not an Object.prototype member
    [['--dataset', 'D', 'a', 'b'], "unexpected argument 'b' (takes <dir> once)"],
  ])('%j: %s', (argv, message) => {
    const r = parse(...argv);
    expect(r).toMatchObject({ ok: false, error: message });
    expect(r).toMatchObject({ hint: "usage: touchstone eval [<dir>] --dataset D [options]; 'touchstone eval --help' lists every option." });
  });

  it('--help and -h win over everything else, even a missing required option; after -- they are arguments', () => {
    for (const argv of [['--help'], ['-h'], ['--bogus', '--help']]) expect(parse(...argv)).toMatchObject({ ok: false, help: expect.stringContaining('Usage: touchstone eval') as unknown });
    expect(parse('--dataset', 'D', '--', '--help')).toMatchObject({ ok: true, positionals: ['--help'] });
  });

  it('the help page lists every option with its value name, default, choices and repetition', () => {
    const r = parse('--help');
    const help = 'help' in r ? r.help : '';
    expect(help).toContain('Evaluate agent traces against a dataset.'); // the summary from commands.ts
    expect(help).toMatch(/--dataset D +the dataset \(required\)/);
    expect(help).toMatch(/--traces NAME=DIR \.\.\. +traces \(repeatable\)/);
    expect(help).toMatch(/--jobs N +workers \(default 2\)/);
    expect(help).toMatch(/--mode fixed\|legacy +mode \(default fixed\)/);
    expect(help).toMatch(/-h, --help +print this help/);
  });

  it('a subcommand: its group help, a missing one, a typo', () => {
    const serve: CommandSpec = defineCommand({ path: ['device', 'serve'], options: {} });
    expect(parseCommand(serve, ['serve'])).toMatchObject({ ok: true });
    expect(parseCommand(serve, ['--help'])).toMatchObject({ ok: false, help: expect.stringContaining('serve ') as unknown });
    expect(parseCommand(serve, [])).toMatchObject({ ok: false, where: 'device', error: 'which subcommand? serve' });
    expect(parseCommand(serve, ['srve'])).toMatchObject({ ok: false, where: 'device', error: "unknown subcommand 'srve'; did you mean 'serve'?" });
  });

  it('did-you-mean takes the closest name within a few edits, or the only one a prefix names', () => {
    expect(closest('trcaes', ['dataset', 'traces'])).toBe('traces');
    expect(closest('evl', ['eval', 'serve'])).toBe('eval');
    expect(closest('data', ['dataset', 'traces'])).toBe('dataset');
    expect(closest('xyz', ['dataset', 'traces'])).toBeUndefined();
  });
});

describe('the real touchstone commands', () => {
  it('every command and subcommand answers --help with exit 0, listing each option it declares', async () => {
    // In this process (a spawned tsx start per command costs seconds on a busy machine); the spawned CLI is checked below.
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((s: unknown) => { printed.push(String(s)); });
    try {
      for (const { words } of commandLines()) {
        const [name, sub] = words.split(' ');
        const mod = (await import(/* @vite-ignore */ `./${name}.ts`)) as { SPEC: CommandSpec; run(argv: string[]): Promise<number> };
        expect(mod.SPEC.path.join(' ')).toBe(words);
        printed.length = 0;
        expect(await mod.run([...(sub ? [sub] : []), '--help']), words).toBe(0);
        const out = printed.join('\n');
        expect(out).toContain(`Usage: touchstone ${words}`);
        for (const option of Object.keys(mod.SPEC.options)) expect(out, `${words} --help lists --${option}`).toMatch(new RegExp(`^ +--${option}\\b`, 'm'));
      }
    } finally {
      log.mockRestore();
    }
  }, 120_000);

  it('eval declares --follow-links: a boolean, false unless given', async () => {
    const { SPEC: evalSpec } = await import('./eval');
    expect(parseCommand(evalSpec, ['--dataset', 'D', '--traces', 'T'])).toMatchObject({ ok: true, values: { 'follow-links': false } });
    expect(parseCommand(evalSpec, ['--dataset', 'D', '--traces', 'T', '--follow-links'])).toMatchObject({ ok: true, values: { 'follow-links': true } });
    expect(parseCommand(evalSpec, ['--dataset', 'D', '--traces', 'T', '--follow-link'])).toMatchObject({ ok: false, error: "unknown option '--follow-link'; did you mean '--follow-links'?" });
  });

  it('touchstone --help lists every command with its summary; device --help lists its subcommand', () => {
    const top = touchstone('--help');
    expect(top.code).toBe(0);
    for (const { words, summary } of commandLines()) expect(top.out).toMatch(new RegExp(`^  ${words} +${summary.slice(0, 20).replace(/[()|]/g, '\\$&')}`, 'm'));
    const group = touchstone('device', '--help');
    expect(group.code).toBe(0);
    expect(group.out).toMatch(/^ {2}serve +run the Touchstone virtual Android device/m);
    expect(touchstone('device', 'serve', '-h')).toMatchObject({ code: 0, out: expect.stringContaining('--serial-style tcp|emulator') as unknown });
  }, 60_000);

  it('eval --traces A --traces B is an error naming --traces (eval takes one traces folder), exit 2', () => {
    const r = touchstone('eval', '--dataset', tmpdir(), '--traces', tmpdir(), '--traces', REPO);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`touchstone eval: --traces was given 2 times ('${tmpdir()}', '${REPO}'); it takes one value`);
    expect(r.err.trim().split('\n')).toHaveLength(2); // the message and the usage hint
  }, 60_000);

  it('a typo of a command, a subcommand or an option gets "did you mean" and exit 2', () => {
    expect(touchstone('evl')).toMatchObject({ code: 2, err: expect.stringContaining("touchstone: unknown command 'evl'; did you mean 'eval'?") as unknown });
    expect(touchstone('device', 'srve')).toMatchObject({ code: 2, err: expect.stringContaining("touchstone device: unknown subcommand 'srve'; did you mean 'serve'?") as unknown });
    const r = touchstone('eval', '--dataset', tmpdir(), '--trcaes', tmpdir());
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining("touchstone eval: unknown option '--trcaes'; did you mean '--traces'?") as unknown });
    expect(r.err).toContain("usage: touchstone eval --dataset D --traces T [options]; 'touchstone eval --help' lists every option.");
  }, 60_000);
});
