/**
 * The judge against endpoints that misbehave (finding 5 and 7 of issue 28): an answer that trickles or
 * streams without end ends within the stated deadline with a reason per episode; 200 MB is refused at the
 * cap; a key the endpoint echoes reaches no cache file, report or reason.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation } from '../evaluation/run-evaluation';
import { tempDir, TRACE_18 } from '../evaluation/testing/temp-dataset';
import { judgeDataset } from './testing/judge-fixtures';
import { startBadLlm, type Misbehaviour } from './testing/misbehaving-llm';
import { defaultPromptFile } from './judge-prompt';

const KEY = 'sk-test-echo-9d8c7b6a5f4e';
const tmp = tempDir('touchstone-judge-limits-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const allText = (dir: string): string => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => readFileSync(path.join(d.parentPath, d.name), 'utf8')).join('\n');

describe.skipIf(!existsSync(TRACE_18))('the judge against misbehaving endpoints (../shared/fixtures absent → skipped)', () => {
  const { root, traces } = judgeDataset(tmp);
  let n = 0;
  const judge = async (how: Misbehaviour, timeoutMs = 1_000) => {
    const llm = await startBadLlm(how);
    const cacheDir = path.join(tmp, `cache-${n++}`);
    const t0 = performance.now();
    try {
      const r = await runEvaluation({
        datasetRoot: root, tracesRoot: traces, methods: ['judge'], mode: 'fixed', jobs: 1, embedder: 'none',
        judge: { endpoint: { baseURL: llm.url, apiKey: KEY, maxRetries: 4, timeoutMs }, models: ['m'], input: 'text', frames: 'auto', promptFile: defaultPromptFile(), cacheDir },
      });
      return { r, ms: performance.now() - t0, cacheDir };
    } finally { await llm.close(); }
  };

  it.each([
    ['trickles its answer a byte at a time', 'trickle' as const],
    ['streams server-sent events without end', 'sse' as const],
  ])('an endpoint that %s: every episode ends within the 1 s deadline, sent to a human with the reason', async (_l, how) => {
    const { r, ms } = await judge(how);
    expect(r.outcomes).toHaveLength(4);
    for (const o of r.outcomes) {
      expect(o.judge).toMatchObject({ needsHuman: true });
      expect(o.judge!.reason).toMatch(/^Needs a human: m gave no verdict \(Judge model m at http:\/\/127\.0\.0\.1:\d+\/v1 failed: no complete answer within 1 s \(the endpoint is stalled, or trickles or streams/);
    }
    // Four episodes judged at once, each bounded by the deadline (not retried): well under the old "never".
    expect(ms).toBeLessThan(10_000);
  }, 30_000);

  it('an endpoint that sends 200 MB: refused at the 8 MiB cap, in bounded memory', async () => {
    const rss0 = process.memoryUsage().rss;
    const { r } = await judge('huge', 20_000);
    for (const o of r.outcomes) expect(o.judge!.reason).toMatch(/failed: the answer is over 8 MiB/);
    expect(process.memoryUsage().rss - rss0).toBeLessThan(400 * 2 ** 20);
  }, 60_000);

  it('an endpoint that echoes the key (plainly and \\u-escaped): the cache, the report and the reasons never hold it', async () => {
    const { r, cacheDir } = await judge('echo');
    const reasons = r.outcomes.map((o) => o.judge!.reason);
    expect(reasons.every((x) => x === 'Done ([redacted]); you sent [redacted]')).toBe(true);
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(allText(cacheDir)).not.toContain(KEY);
    expect(allText(cacheDir)).toContain('[redacted]');
    const failed = await judge('echo-error');
    expect(JSON.stringify(failed.r)).not.toContain(KEY);
    expect(failed.r.outcomes[0]!.judge!.reason).toMatch(/HTTP 401.*key \[redacted\] is not valid here/);
  }, 30_000);
});
