import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import type { EpisodeRecord } from '../../runner/episode-record';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const PY = join(REPO, 'resources/python');

function python(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn('python3', args, { cwd: PY, env: { ...process.env, ...env } });
    let out = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    p.on('close', (code) => resolve({ code, out }));
  });
}

describe.skipIf(!HAVE_ADB)('touchstone agent-api with the Python client (system python3), on a virtual device through the real adb', () => {
  let fx: RunFixture;
  let api: ChildProcess;
  let url = '';
  let token = '';

  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo14', 'demo01'] });
    api = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'agent-api', '--dataset', fx.dataset, '--devices', 'all', '--out', join(fx.tmp, 'runs')], { cwd: REPO, env: fx.adb.env });
    let out = '';
    let err = '';
    api.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    await new Promise<void>((resolve, reject) => {
      api.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const u = /TOUCHSTONE_URL=(\S+)/.exec(out);
        const t = /TOUCHSTONE_TOKEN=(\S+)/.exec(out);
        if (u && t) { url = u[1]!; token = t[1]!; resolve(); }
      });
      api.on('exit', (code) => reject(new Error(`agent-api exited ${code}: ${err}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (api && api.exitCode === null) { api.kill('SIGTERM'); await new Promise((r) => api.once('exit', r)); }
    await fx?.stop();
  });

  it('the client and the example parse as Python 3.8 and import only the standard library', async () => {
    const code = 'import ast, sys\nfor f in ["touchstone_env.py", "example_agent.py"]:\n  tree = ast.parse(open(f).read(), feature_version=(3, 8))\n  mods = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names} | {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}\n  print(f, sorted(m for m in mods if m not in sys.stdlib_module_names))';
    const r = await python(['-c', code], {});
    // Pillow is the one optional import (AgentEnv's screenshots are Pillow images when it is installed, PNG bytes otherwise).
    expect(r.out.trim().split('\n')).toEqual(["touchstone_env.py ['PIL']", "example_agent.py ['touchstone_env']"]);
  });

  it('serves its OpenAPI description and refuses requests without the token', async () => {
    const doc = await (await fetch(`${url}/openapi.json`)).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/v1/sessions/{id}/action');
    for (const [method, p] of [['GET', '/v1/tasks'], ['POST', '/v1/sessions'], ['GET', '/v1/sessions/x/screenshot']] as const) {
      const none = await fetch(`${url}${p}`, { method });
      expect(none.status).toBe(401);
      const wrong = await fetch(`${url}${p}`, { method, headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
    }
    const ok = await fetch(`${url}/v1/tasks`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await ok.json()) as { tasks: { task: string }[] }).tasks.map((t) => t.task).sort()).toEqual(['demo01', 'demo14']);
    const py = await python(['-c', 'from touchstone_env import *\ntry:\n  TouchstoneEnv(token="wrong").list_tasks()\nexcept TouchstoneError as e:\n  print("refused", e.status)'], { TOUCHSTONE_URL: url });
    expect(py.out.trim()).toBe('refused 401');
  });

  it('the example Python agent drives a multi-step demo task to completion; every call is in the trace', async () => {
    const r = await python(['example_agent.py', 'demo14', 'Counter', 'Increase', 'Increase', 'Increase'], { TOUCHSTONE_URL: url, TOUCHSTONE_TOKEN: token });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/task: Increase the counter to 3\./);
    expect(r.out).toMatch(/'outcome': 'finished'.*'completed': True/s);
    const rec = JSON.parse(readFileSync(join(fx.tmp, 'runs', 'http', 'r1', 'demo14', 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(rec.agent.name).toBe('http');
    expect(rec.evaluation?.completed).toBe(true);
    expect(rec.steps.map((s) => s.description)).toEqual([expect.stringMatching(/^tap /), expect.stringMatching(/^tap /), expect.stringMatching(/^tap /), expect.stringMatching(/^tap /), 'complete']);
    const calls = rec.steps.map((s) => (s.agent as { calls: { call: string }[] }).calls.map((c) => c.call));
    expect(calls[0]).toEqual(['hierarchy', 'act']);
    expect(calls[4]).toEqual(['act']);
  }, 120_000);

  it('a bad action is refused with the reason and not performed; a no-op agent\'s episode evaluates as not completed', async () => {
    const code = 'from touchstone_env import *\nenv = TouchstoneEnv()\nenv.setup_task("demo01")\ntry:\n  env.tap(element=999)\nexcept TouchstoneError as e:\n  print(e.status, e.message)\nenv.complete()\nprint(env.result()["evaluation"]["completed"])';
    const r = await python(['-c', code], { TOUCHSTONE_URL: url, TOUCHSTONE_TOKEN: token });
    expect(r.out).toMatch(/^400 There is no element \[999\]/m);
    expect(r.out.trim().split('\n').pop()).toBe('False');
  }, 120_000);

  it('an abandoned episode ends interrupted by the agent, keeping its steps', async () => {
    const code = 'from touchstone_env import *\nenv = TouchstoneEnv()\nenv.setup_task("demo14")\nenv.back()\nenv.abandon()\nr = env.result()\nprint(r["outcome"], r["steps"])\nprint(r["reason"])';
    const r = await python(['-c', code], { TOUCHSTONE_URL: url, TOUCHSTONE_TOKEN: token });
    const lines = r.out.trim().split('\n');
    expect(lines[0], r.out).toBe('interrupted 1');
    expect(lines[1]).toMatch(/abandoned the episode/);
  }, 120_000);
});
