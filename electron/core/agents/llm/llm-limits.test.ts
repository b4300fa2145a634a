/**
 * The LLM agent against endpoints that misbehave (issue 28, findings 5 and 7): a trickled or endless answer
 * interrupts the episode within timeout_ms with the reason; a key the endpoint echoes is not in the step's
 * record (what episode.json stores).
 */
import { describe, expect, it } from 'vitest';
import { AgentInterrupted, type Observation } from '../agent';
import { startBadLlm, type Misbehaviour } from '../../judge/testing/misbehaving-llm';
import { LlmAgent } from './llm-agent';

const KEY = 'sk-test-agent-echo-1a2b3c4d';
const XML = '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="Counter" resource-id="" class="android.widget.TextView" package="x" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,200]" /></hierarchy>';
const OBS: Observation = { step: 0, screenshot: Buffer.alloc(0), xml: XML, activity: 'x/.Main', screen: { width: 1080, height: 2400 }, history: [] };

async function step(how: Misbehaviour, timeoutMs: number) {
  const llm = await startBadLlm(how);
  const agent = new LlmAgent({ seed: 1, settings: { base_url: llm.url, model: 'm', api_key: KEY, timeout_ms: String(timeoutMs), retries: '2', backoff_ms: '10' } }, {});
  await agent.start({ episode: 'e', description: 'Open the counter', app: '', groundTruthDir: '' });
  const t0 = performance.now();
  try {
    const action = await agent.next(OBS, new AbortController().signal);
    return { action, note: agent.stepNote(), ms: performance.now() - t0 };
  } catch (err) {
    return { err: err as Error, ms: performance.now() - t0 };
  } finally { await llm.close(); }
}

describe('LLM agent against misbehaving endpoints', () => {
  it.each(['trickle', 'sse'] as const)('%s: the step fails within timeout_ms (not retried), saying why', async (how) => {
    const r = await step(how, 1_000);
    expect(r.err).toBeInstanceOf(AgentInterrupted);
    expect(r.err!.message).toMatch(/^LLM endpoint http:\/\/127\.0\.0\.1:\d+\/v1 gave no usable answer: no complete answer within 1 s .*\(1 attempt\(s\) over \d+ ms\)\. Check the endpoint; raise --agent-opt timeout_ms/);
    expect(r.ms).toBeLessThan(6_000);
  }, 30_000);

  it('200 MB: refused at the cap', async () => {
    const r = await step('huge', 20_000);
    expect(r.err!.message).toMatch(/gave no usable answer: the answer is over 8 MiB/);
  }, 60_000);

  it('an echoed key (plain and \\u-escaped) is not in the step record; an echoing error is scrubbed too', async () => {
    const r = await step('echo', 10_000);
    expect(r.action?.kind).toBe('invalid');
    const note = JSON.stringify(r.note);
    expect(note).not.toContain(KEY);
    expect(note).toContain('[redacted]');
    const bad = await step('echo-error', 10_000);
    expect(bad.err!.message).toMatch(/answered 401: .*key \[redacted\] is not valid here/);
    expect(bad.err!.message).not.toContain(KEY);
  }, 30_000);
});
