/**
 * The command line under signals and careless use (issue 13, defects 5, 7, 8):
 * Ctrl-C while eval writes, SIGKILL while it writes, `vh number | head`,
 * unreadable folders while scanning, an index repeating one row 20,000 times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTrace } from '../core/evaluation/testing/build-trace';
import { datasetWithEpisodes, TRACE_18 } from '../core/evaluation/testing/temp-dataset';
import { checkDataset } from '../core/datasets/check-dataset';
import { treeText } from './trees';
import { tally } from './tally';

const cases = tally('command line');
const CLI = join(import.meta.dirname, '../cli.ts');
const tmp = mkdtempSync(join(tmpdir(), 'touchstone-cli-robust-'));
chmodSync(tmp, 0o755);
afterAll(() => {
  cases.print();
  rmSync(tmp, { recursive: true, force: true });
});

interface Run { code: number | null; signal: NodeJS.Signals | null; out: string; err: string }

/** Runs the CLI; `onErr` sees stderr as it grows and may signal the child. */
type RunOpts = SpawnOptions & { onErr?: (err: string, kill: (s: NodeJS.Signals) => void) => void; onOut?: (d: Buffer, child: ReturnType<typeof spawn>) => void; withoutDacOverride?: boolean };

const IS_ROOT = process.getuid?.() === 0;
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

function touchstone(args: string[], opts: RunOpts = {}): Promise<Run> {
  const node = [process.execPath, '--import', import.meta.resolve('tsx'), CLI, ...args];
  // Root reads any folder; without CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH it meets EACCES as a user
  // would, while still reading the checkout it owns (wherever CI cloned it).
  const argv = opts.withoutDacOverride && IS_ROOT ? [SETPRIV!, '--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search', ...node] : node;
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      opts.onOut?.(d, child);
    });
    child.stdout!.on('error', () => undefined);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      opts.onErr?.(err, (s) => child.kill(s));
    });
    child.on('exit', (code, signal) => resolve({ code, signal, out, err }));
  });
}

const temps = (dir: string): string[] => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe.skipIf(!existsSync(TRACE_18))('eval outputs under signals (fixtures absent → skipped)', () => {
  let root = '';
  const traces = join(tmp, 'traces');
  beforeAll(() => {
    root = datasetWithEpisodes(tmp, { 2: 'activity<0>|exact<1>' }, ['a', 'b']);
    buildTrace(join(root, 'ep_a'), join(traces, 'a'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    buildTrace(join(root, 'ep_b'), join(traces, 'b'), [0, 1].map((screen) => ({ screen })));
  });
  const evalArgs = (out: string): string[] => ['eval', '--dataset', root, '--traces', traces, '--jobs', '1', '--embedder', 'none', '--quiet',
    '--json', join(out, 'r.json'), '--csv', join(out, 'r.csv'), '--plot', join(out, 'r.svg')];
  const complete = (out: string): void => {
    expect(JSON.parse(readFileSync(join(out, 'r.json'), 'utf8'))).toMatchObject({ rows: expect.any(Array) });
    expect(readFileSync(join(out, 'r.csv'), 'utf8')).toMatch(/^episode,/);
    expect(readFileSync(join(out, 'r.summary.csv'), 'utf8').length).toBeGreaterThan(10);
    expect(readFileSync(join(out, 'r.svg'), 'utf8')).toMatch(/<\/svg>\s*$/);
  };

  it('Ctrl-C (and SIGTERM) while eval writes its outputs: every output is written whole, then exit 128+signal', async () => {
    for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      const out = mkdtempSync(join(tmp, 'sigint-'));
      let sent = false;
      const r = await touchstone(evalArgs(out), { onErr: (err, kill) => { if (!sent && err.includes('eval: writing')) { sent = true; kill(sig); } } });
      expect(sent, r.err).toBe(true);
      expect(r.code, r.err).toBe(code);
      complete(out);
      expect(temps(out)).toEqual([]);
      cases.add('eval signals');
    }
  });

  it('SIGKILL while eval writes leaves whole files or none; the next run sweeps the temp files and writes all', async () => {
    const out = mkdtempSync(join(tmp, 'sigkill-'));
    let sent = false;
    const r = await touchstone(evalArgs(out), { onErr: (err, kill) => { if (!sent && err.includes('eval: writing')) { sent = true; kill('SIGKILL'); } } });
    expect(r.signal).toBe('SIGKILL');
    for (const f of ['r.json', 'r.csv', 'r.summary.csv', 'r.svg']) if (existsSync(join(out, f))) expect(readFileSync(join(out, f), 'utf8').length).toBeGreaterThan(10);
    const stale = join(out, '.r.json.4242.0123456789ab.tmp');
    writeFileSync(stale, '{"rows": [');
    utimesSync(stale, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const again = await touchstone(evalArgs(out));
    expect(again.code, again.err).toBe(0);
    complete(out);
    expect(temps(out)).toEqual([]);
    cases.add('eval kill');
  });
});

describe('careless use', () => {
  it('`vh number F | head`: the reader leaving is not an error (no EPIPE stack trace, exit 141)', async () => {
    const file = join(tmp, 'wide.xml');
    const view = '<node index="0" class="android.widget.TextView" text="hello" bounds="[0,0][10,10]" clickable="true" />';
    writeFileSync(file, `<?xml version="1.0"?><hierarchy rotation="0"><node class="a" bounds="[0,0][1,1]">${view.repeat(19_000)}</node></hierarchy>`);
    // A real shell pipe, as a user types it; PIPESTATUS gives touchstone's own exit code.
    const line = `"${process.execPath}" --import "${import.meta.resolve('tsx')}" "${CLI}" vh number "${file}" | head -c 100 >/dev/null; exit \${PIPESTATUS[0]}`;
    const r = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn('bash', ['-c', line], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) => resolve({ code, err }));
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(141);
    cases.add('epipe');
  });

  it.skipIf(IS_ROOT && !SETPRIV)('scanning a folder with an unreadable subfolder lists it and loads the rest', async () => {
    const ds = join(tmp, 'scan');
    mkdirSync(join(ds, 'a', 'ep'), { recursive: true });
    writeFileSync(join(ds, 'a', 'ep', '0.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(join(ds, 'a', 'ep', 'instruction.txt'), 'ep-a\nOpen it');
    mkdirSync(join(ds, 'locked', 'inner'), { recursive: true });
    chmodSync(join(ds, 'locked'), 0o000);
    try {
      const r = await touchstone(['dataset', 'check', ds, '--json'], { withoutDacOverride: true });
      const report = JSON.parse(r.out) as { counts: { episodes: number }; problems: Array<{ file: string; message: string }> };
      expect(report.counts.episodes).toBe(1);
      expect(report.problems).toContainEqual(expect.objectContaining({ file: 'locked', message: expect.stringMatching(/skipped: it cannot be read \(EACCES\)/) }));
      cases.add('unreadable folder');
    } finally {
      chmodSync(join(ds, 'locked'), 0o755);
    }
  });

  // As root, `/` is all readable: the scan runs as nobody, where nobody can reach this checkout.
  const nobodyCanRun = !IS_ROOT || spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(CLI)})`], { uid: 65534, gid: 65534 }).status === 0;
  it.skipIf(!nobodyCanRun)('`dataset check /` lists the places it cannot read instead of failing whole', async () => {
    const asNobody = IS_ROOT ? { uid: 65534, gid: 65534 } : {};
    const t0 = performance.now();
    const r = await touchstone(['dataset', 'check', '/', '--json'], asNobody);
    const report = JSON.parse(r.out) as { root: string; problems: Array<{ file: string; message: string }> };
    const skipped = report.problems.filter((p) => /skipped: it cannot be read/.test(p.message));
    console.log(`robustness command line: dataset check / listed ${skipped.length} unreadable places in ${Math.round(performance.now() - t0)} ms`);
    expect(report.root).toBe('/');
    expect(skipped.length).toBeGreaterThan(0);
    cases.add('unreadable folder');
  }, 90_000);

  it('an index repeating one row 20,000 times checks that folder once', async () => {
    const ds = join(tmp, 'dups');
    mkdirSync(join(ds, 'general', 'ep'), { recursive: true });
    writeFileSync(join(ds, 'general', 'ep', '0.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(join(ds, 'general', 'ep', '0.xml'), treeText('xml', { depth: 3, width: 3, flat: 0 }));
    const row = '1\tgeneral\tgeneral/ep\tOpen it\t1\tapp';
    writeFileSync(join(ds, 'llamatouch_task_metadata.tsv'), ['episode\tcategory\tpath\tdescription\tnsteps\tapp', ...Array(20_000).fill(row)].join('\n') + '\n');
    const t0 = performance.now();
    const report = await checkDataset(ds);
    const ms = performance.now() - t0;
    console.log(`robustness command line: 20,000 repeated index rows checked in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(15_000);
    expect(report.counts.episodes).toBe(1);
    expect(report.problems.filter((p) => /listed again/.test(p.message))).toHaveLength(20);
    expect(report.problems).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/19,979 more rows repeat a folder/) }));
    cases.add('duplicate rows');
  });
});
