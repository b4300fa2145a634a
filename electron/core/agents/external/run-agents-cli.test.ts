import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path, { join } from 'node:path';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import type { EpisodeRecord } from '../../runner/episode-record';
import { startFakeLlm } from '../testing/fake-llm-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const KEY = `sk-cli-${randomBytes(12).toString('hex')}`;

interface Cli { status: Promise<number | null>; stdout(): string; stderr(): string; waitFor(re: RegExp): Promise<RegExpExecArray> }

describe.skipIf(!HAVE_ADB)('touchstone run --agent llm|http (CLI), on a virtual device through the real adb', () => {
  let fx: RunFixture;
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}): Cli => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'run', '--dataset', fx.dataset, '--devices', 'all', '--quiet', ...args], { cwd: REPO, env: { ...fx.adb.env, ...env } });
    let out = '';
    let err = '';
    const watchers: (() => void)[] = [];
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); watchers.forEach((w) => w()); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); watchers.forEach((w) => w()); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const status = new Promise<number | null>((r) => child.on('close', (c) => { clearTimeout(timer); r(c); }));
    return {
      status, stdout: () => out, stderr: () => err,
      waitFor: (re) => new Promise((resolve, reject) => {
        const check = (): void => { const m = re.exec(err + out); if (m) resolve(m); };
        watchers.push(check);
        void status.then(() => reject(new Error(`exited before ${re}: ${err}`)));
        check();
      }),
    };
  };
  beforeAll(async () => { fx = await startRunFixture(1, { only: ['demo14'] }); }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('--agent llm: completes the task, the summary has token and cost totals, the key is in no file and no output', async () => {
    const llm = await startFakeLlm({ plan: ['Counter', 'Increase', 'Increase', 'Increase'], key: KEY });
    const out = join(fx.tmp, 'cli-llm');
    try {
      const r = cli(['--tasks', 'demo14', '--agent', 'llm', '--out', out, '--agent-opt', `llm.base_url=${llm.url}`, '--agent-opt', 'llm.model=fake', '--agent-opt', 'price_in=1', '--agent-opt', 'price_out=4', '--json', join(out, 'run.json')], { TOUCHSTONE_LLM_API_KEY: KEY });
      expect(await r.status, r.stderr()).toBe(0);
      expect(r.stdout()).toMatch(/llm\tr1\tdemo14\t\S+\tfinished\t5 steps\tcompleted/);
      const rec = JSON.parse(readFileSync(join(out, 'llm', 'r1', 'demo14', 'episode.json'), 'utf8')) as EpisodeRecord;
      const u = rec.agentUsage!;
      expect(r.stdout()).toContain(`llm: 5 request(s), ${u.tokensIn} tokens in, 60 tokens out over 1 episode(s), cost $${((u.tokensIn + 4 * 60) / 1e6).toFixed(4)}`);
      expect(rec.agent.settings).toEqual({ base_url: llm.url, model: 'fake', price_in: '1', price_out: '4' });
      expect(r.stdout() + r.stderr()).not.toContain(KEY);
      const files = readdirSync(out, { recursive: true }).map(String).filter((f) => statSync(join(out, f)).isFile());
      expect(files.length).toBeGreaterThan(25);
      expect(files.filter((f) => readFileSync(join(out, f)).includes(KEY))).toEqual([]);
    } finally { await llm.close(); }
  }, 180_000);

  it('--agent llm with a bad setting stops before touching a device, naming the setting', async () => {
    const r = cli(['--tasks', 'demo14', '--agent', 'llm', '--out', join(fx.tmp, 'cli-bad')]);
    expect(await r.status).toBe(1);
    expect(r.stderr()).toMatch(/no endpoint; give --agent-opt base_url=.* or set TOUCHSTONE_LLM_BASE_URL/);
  }, 60_000);

  it('--agent http: the runner waits for the Python client to attach, which drives the task to completion', async () => {
    const out = join(fx.tmp, 'cli-http');
    const r = cli(['--tasks', 'demo14', '--agent', 'http', '--out', out]);
    const url = (await r.waitFor(/TOUCHSTONE_URL=(\S+)/))[1]!;
    const token = (await r.waitFor(/TOUCHSTONE_TOKEN=(\S+)/))[1]!;
    const code = 'from touchstone_env import TouchstoneEnv\nenv = TouchstoneEnv()\nprint(env.setup_task(wait_ms=60000))\nfor label in ["Counter", "Increase", "Increase", "Increase"]:\n  env.tap(element=next(e["n"] for e in env.get_elements() if label in (e["text"], e["desc"])))\nenv.complete()\nprint(env.result()["evaluation"]["completed"])';
    const py = await new Promise<string>((resolve) => {
      const p = spawn('python3', ['-c', code], { cwd: join(REPO, 'resources/python'), env: { ...process.env, TOUCHSTONE_URL: url, TOUCHSTONE_TOKEN: token } });
      let s = '';
      p.stdout.on('data', (d: Buffer) => { s += d.toString(); });
      p.stderr.on('data', (d: Buffer) => { s += d.toString(); });
      p.on('close', () => resolve(s));
    });
    expect(py.trim().split('\n')).toEqual(['Increase the counter to 3.', 'True']);
    expect(await r.status, r.stderr()).toBe(0);
    expect(r.stdout()).toMatch(/http\tr1\tdemo14\t\S+\tfinished\t5 steps\tcompleted/);
  }, 180_000);

  it('--agent http with nobody attaching: the episode ends interrupted with the reason', async () => {
    const r = cli(['--tasks', 'demo14', '--agent', 'http', '--out', join(fx.tmp, 'cli-alone'), '--agent-opt', 'attach_timeout_ms=1500']);
    expect(await r.status).toBe(1);
    expect(r.stdout()).toMatch(/http\tr1\tdemo14\t\S+\tinterrupted\t0 steps\t-\tNo external http agent attached within 1500 ms/);
  }, 120_000);

  it('--agent mcp: an MCP client over streamable HTTP attaches to the queued episode and completes it', async () => {
    const r = cli(['--tasks', 'demo14', '--agent', 'mcp', '--out', join(fx.tmp, 'cli-mcp')]);
    const url = (await r.waitFor(/TOUCHSTONE_MCP_URL=(\S+)/))[1]!;
    const token = (await r.waitFor(/TOUCHSTONE_MCP_TOKEN=(\S+)/))[1]!;
    const client = new Client({ name: 'run-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    type R = { content: { type: string; text?: string }[] };
    const text = (x: unknown): string => (x as R).content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    expect(text(await client.callTool({ name: 'start_episode', arguments: {} }))).toMatch(/instruction: Increase the counter to 3\./);
    for (const label of ['Counter', 'Increase', 'Increase', 'Increase']) {
      const obs = text(await client.callTool({ name: 'observe', arguments: { image: false } }));
      const n = Number(new RegExp(`^\\[(\\d+)\\][^\\n]*"${label}"`, 'm').exec(obs)![1]);
      await client.callTool({ name: 'act', arguments: { action: 'tap', element: n } });
    }
    const fin = JSON.parse(text(await client.callTool({ name: 'finish', arguments: {} }))) as { evaluation: { completed: boolean } };
    expect(fin.evaluation.completed).toBe(true);
    await client.close();
    expect(await r.status, r.stderr()).toBe(0);
    expect(r.stdout()).toMatch(/mcp\tr1\tdemo14\t\S+\tfinished\t5 steps\tcompleted/);
  }, 180_000);
});
