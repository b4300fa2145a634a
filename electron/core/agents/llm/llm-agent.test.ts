import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { adbShell } from '../../capture/device-shell';
import { DeviceManager } from '../../devices/device-manager';
import { runAgents, type RunOptions } from '../../runner/run-agents';
import { loadRunTasks } from '../../runner/run-tasks';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import { decide, startFakeLlm, type FakeLlmOptions } from '../testing/fake-llm-server';
import { freePort } from '../../../virtual-device/testing';

const KEY = `sk-test-${randomBytes(12).toString('hex')}`;
const PLAN = ['Counter', 'Increase', 'Increase', 'Increase'];

/** Every file under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const f of readdirSync(dir, { recursive: true }).map(String)) {
    const p = join(dir, f);
    if (statSync(p).isFile() && readFileSync(p).includes(needle)) hits.push(f);
  }
  return hits;
}

describe.skipIf(!HAVE_ADB)('LLM agent against a local OpenAI-compatible server, on a virtual device through the real adb', () => {
  let fx: RunFixture;
  let mgr: DeviceManager;
  const logs: string[] = [];
  const run = async (name: string, llm: Partial<FakeLlmOptions>, settings: Record<string, string> = {}) => {
    const server = await startFakeLlm({ plan: PLAN, key: KEY, ...llm });
    try {
      const tasks = await loadRunTasks(fx.dataset, ['demo14']);
      const opts: RunOptions = {
        tasks, agents: ['llm'], repeat: 1, out: join(fx.tmp, name), devices: await mgr.pick('all'), shellFor: (s) => adbShell(mgr.client, s),
        limits: { maxSteps: 10, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1,
        agentSettings: { base_url: server.url, model: 'fake-model', backoff_ms: '10', price_in: '2', price_out: '8', ...settings },
        signal: new AbortController().signal, onProgress: (_d, _t, x) => logs.push(x.message ?? ''),
      };
      const r = await runAgents(opts);
      return { record: r.items[0]!.record, server, out: opts.out, lost: r.lostDevices };
    } finally { await server.close(); }
  };

  beforeAll(async () => {
    process.env.TOUCHSTONE_LLM_API_KEY = KEY;
    fx = await startRunFixture(1, { only: ['demo14'] });
    mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
  }, 120_000);
  afterAll(async () => { delete process.env.TOUCHSTONE_LLM_API_KEY; await fx?.stop(); });

  it('completes a multi-step demo task in text mode: evaluated completed, tokens per step, the key in no file and no log', async () => {
    const { record, server, out } = await run('text', {});
    expect(record.outcome).toBe('finished');
    expect(record.evaluation?.completed).toBe(true);
    expect(record.steps.map((s) => s.deviceAction.kind)).toEqual(['tap', 'tap', 'tap', 'tap', 'complete']);
    for (const s of record.steps) {
      const n = s.agent as { tokensIn: number; tokensOut: number; latencyMs: number; prompt: { content: string }[] };
      expect(n.tokensIn).toBeGreaterThan(50);
      expect(n.tokensOut).toBe(12);
      expect(n.latencyMs).toBeGreaterThanOrEqual(0);
      expect(n.prompt[1]!.content).toMatch(/^\[\d+\] /m);
    }
    const sumIn = record.steps.reduce((a, s) => a + (s.agent as { tokensIn: number }).tokensIn, 0);
    expect(record.agentUsage).toMatchObject({ requests: 5, tokensIn: sumIn, tokensOut: 60 });
    expect(record.agentUsage!.costUsd).toBeCloseTo((2 * sumIn + 8 * 60) / 1e6, 6);
    expect(server.requests.every((r) => r.auth === `Bearer ${KEY}`)).toBe(true);
    expect(filesContaining(out, KEY)).toEqual([]);
    expect(filesContaining(out, 'fake-model').length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(KEY);
  }, 120_000);

  it('the server reads the numbered list: the same prompt without it gets "impossible"', () => {
    const prompt = 'Task: Increase the counter to 3.\n\nNo actions taken yet.\n\nScreen elements:\n[4] TextView "Counter" clickable (540,900)';
    expect(decide(prompt, PLAN)).toEqual({ name: 'tap', args: { element: 4 } });
    expect(decide('Task: Increase the counter to 3.\n\nNo actions taken yet.', PLAN)).toEqual({ name: 'impossible', args: {} });
  });

  it('vision mode sends the set-of-marks screenshot and still completes', async () => {
    const { record, server } = await run('vision', {}, { mode: 'vision', image_width: '360' });
    expect(record.evaluation?.completed).toBe(true);
    const content = (server.requests[0]!.body.messages as { content: unknown }[])[1]!.content as { type: string; image_url?: { url: string } }[];
    const img = content.find((p) => p.type === 'image_url')!.image_url!.url;
    expect(img.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(img.slice(22), 'base64').readUInt32BE(16)).toBe(360);
    const recorded = JSON.stringify((record.steps[0]!.agent as { prompt: unknown }).prompt);
    expect(recorded).toMatch(/<set-of-marks PNG, \d+ KiB>/);
    expect(recorded).not.toContain('base64');
  }, 120_000);

  it('JSON action in the reply text (endpoint without tool calls) works too', async () => {
    const { record } = await run('text-json', { textReplies: true }, { tools: 'off' });
    expect(record.evaluation?.completed).toBe(true);
  }, 120_000);

  it('fault: the endpoint answers 500 twice, then the episode continues', async () => {
    const { record, server } = await run('flaky', { fail500: 2 });
    expect(server.requests.filter((r) => r.status === 500)).toHaveLength(2);
    const first = record.steps[0]!.agent as { attempts: number; errors: { status: number; waitedMs: number }[] };
    expect(first.attempts).toBe(3);
    expect(first.errors.map((e) => e.status)).toEqual([500, 500]);
    expect(first.errors[1]!.waitedMs).toBeGreaterThan(first.errors[0]!.waitedMs * 0.5);
    expect(record.evaluation?.completed).toBe(true);
  }, 120_000);

  it('fault: 429 with Retry-After is waited out as the server asks', async () => {
    const { record } = await run('limited', { fail429: 1 });
    const first = record.steps[0]!.agent as { attempts: number; errors: { status: number; waitedMs: number }[] };
    expect(first.errors).toEqual([expect.objectContaining({ status: 429, waitedMs: 200 })]);
    expect(first.attempts).toBe(2);
    expect(record.evaluation?.completed).toBe(true);
  }, 120_000);

  it('fault: the endpoint is unreachable, the episode ends interrupted with the reason and the device stays', async () => {
    const port = await freePort();
    const { record, lost } = await run('down', {}, { base_url: `http://127.0.0.1:${port}/v1`, retries: '1' });
    expect(record.outcome).toBe('interrupted');
    expect(record.interruptedBy).toBe('agent');
    expect(record.reason).toMatch(new RegExp(`LLM endpoint http://127.0.0.1:${port}/v1 unreachable.*2 attempt`));
    expect(record.reason).not.toContain(KEY);
    expect(lost).toEqual([]);
  }, 120_000);

  it('fault: a malformed tool call is recorded as an invalid step and the model is told', async () => {
    const { record, server } = await run('malformed', { malformedAtStep: 1 });
    const bad = record.steps[1]!;
    expect(bad.deviceAction.kind).toBe('invalid');
    expect(bad.action).toBe('NONE|NULL|NULL|0|0');
    expect((bad.agent as { invalid: string }).invalid).toMatch(/not JSON/);
    const next = (server.requests[2]!.body.messages as { content: string }[])[1]!.content;
    expect(next).toMatch(/previous reply was not a valid action: the arguments of your tap tool call are not JSON/);
    expect(record.evaluation?.completed).toBe(true);
  }, 120_000);
});
