import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedEmbedder, normaliseText } from './cached-embedder';
import { createDefaultEmbedder } from './default-embedder';
import type { SentenceEmbedder } from './types';
import { dot, lengthBatches } from './vectors';

let base: SentenceEmbedder;
/** Texts that reached the real model, in order (the model is real; this only records calls). */
let modelCalls: string[][];
let counting: SentenceEmbedder;
let dir: string;

beforeAll(async () => {
  base = await createDefaultEmbedder();
  counting = {
    id: base.id,
    defaultThreshold: base.defaultThreshold,
    embed: (texts) => {
      modelCalls.push(texts);
      return base.embed(texts);
    },
    dispose: () => base.dispose(),
  };
  dir = mkdtempSync(path.join(tmpdir(), 'touchstone-embcache-'));
});

afterAll(async () => {
  await base?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('CachedEmbedder', () => {
  it.each([
    ['  Turn  ON\tWi-Fi ', 'turn on wi-fi'],
    ['Done', 'done'],
    ['a\n\nb', 'a b'],
  ])('normalises %j to %j', (text, norm) => expect(normaliseText(text)).toBe(norm));

  it('computes each distinct normalised text once and answers similarity synchronously', async () => {
    modelCalls = [];
    const cached = new CachedEmbedder(counting);
    await cached.prepare(['Turn on Wi-Fi', 'turn on  wi-fi', 'Enable wireless network', 'Delete this photo']);
    await cached.prepare(['TURN ON WI-FI', 'Delete this photo', 'Done']);
    expect(cached.counters).toEqual({ textsSeen: 7, embeddingsComputed: 4, loadedFromDisk: 0 });
    expect(modelCalls).toEqual([['turn on wi-fi', 'enable wireless network', 'delete this photo'], ['done']]);
    const para = cached.similarity('Turn on Wi-Fi', 'Enable wireless network');
    const [x, y] = await base.embed(['turn on wi-fi', 'enable wireless network']);
    expect(para).toBeCloseTo(dot(x, y), 5);
    expect(para).toBeGreaterThan(cached.similarity('Turn on Wi-Fi', 'Delete this photo'));
    expect(cached.similarity(' DONE ', 'done')).toBe(1);
    expect(cached.isSimilar('Turn on Wi-Fi', 'Enable wireless network')).toBe(para >= cached.defaultThreshold);
  });

  it('serialises overlapping prepare calls so nothing is embedded twice', async () => {
    modelCalls = [];
    const cached = new CachedEmbedder(counting);
    await Promise.all([cached.prepare(['Settings', 'Search']), cached.prepare(['search', 'Settings', 'Maps'])]);
    expect(cached.counters.embeddingsComputed).toBe(3);
    expect(modelCalls.flat().sort()).toEqual(['maps', 'search', 'settings']);
  });

  it('merges prepare calls made while the model runs into the next model call', async () => {
    modelCalls = [];
    const cached = new CachedEmbedder(counting);
    const first = cached.prepare(['Open the camera']);
    // Both arrive while the first call is on the model: one call serves them.
    const rest = [cached.prepare(['Take a photo', 'Open the camera']), cached.prepare(['Record a video'])];
    await Promise.all([first, ...rest]);
    expect(modelCalls).toEqual([['open the camera'], ['take a photo', 'record a video']]);
    expect(cached.counters).toMatchObject({ textsSeen: 4, embeddingsComputed: 3 });
  });

  it('batches by length: one long screen text does not pad every short label, and vectors do not depend on the grouping', async () => {
    const screen = Array.from({ length: 30 }, (_, i) => `<button>Item number ${i} in the list</button>`).join('\n');
    const labels = ['Add to cart', 'Sign in', 'Settings', 'Search'];
    const groups = lengthBatches([screen, ...labels], 32);
    expect(groups).toEqual([[4, 2, 3, 1], [0]]);
    expect(lengthBatches(['aaaa', 'bb', 'c'], 2)).toEqual([[2, 1], [0]]);
    const together = await base.embed([screen, ...labels]);
    const alone = await Promise.all([screen, ...labels].map(async (t) => (await base.embed([t]))[0]!));
    together.forEach((v, i) => expect(dot(v, alone[i]!)).toBeCloseTo(1, 5));
  });

  it('names an unprepared text instead of returning a wrong similarity', () => {
    const cached = new CachedEmbedder(counting);
    expect(() => cached.similarity('Play music', 'Pause')).toThrow(/"Play music" was not prepared/);
  });

  it('applies per-model threshold overrides', () => {
    expect(new CachedEmbedder(counting, { thresholds: { [counting.id]: 0.5 } }).defaultThreshold).toBe(0.5);
    expect(new CachedEmbedder(counting, { thresholds: { other: 0.5 } }).defaultThreshold).toBe(counting.defaultThreshold);
  });

  it('persists vectors per model id and reloads them without recomputing', async () => {
    modelCalls = [];
    const first = await CachedEmbedder.open(counting, { cacheDir: dir });
    await first.prepare(['Save changes', 'Save', 'Cancel']);
    await first.dispose();
    expect(readdirSync(dir)).toEqual([`${counting.id}.embcache`]);

    const second = await CachedEmbedder.open(counting, { cacheDir: dir });
    expect(second.counters.loadedFromDisk).toBe(3);
    await second.prepare(['save changes', 'Cancel', 'Back']);
    expect(second.counters.embeddingsComputed).toBe(1);
    expect(modelCalls).toEqual([['save changes', 'save', 'cancel'], ['back']]);
    expect(second.similarity('Save changes', 'Save')).toBeCloseTo(first.similarity('Save changes', 'Save'), 6);
  });

  it('rebuilds a corrupt or foreign cache file and says why', async () => {
    const other = mkdtempSync(path.join(dir, 'corrupt-'));
    writeFileSync(path.join(other, `${counting.id}.embcache`), 'not a cache');
    const cached = await CachedEmbedder.open(counting, { cacheDir: other });
    expect(cached.cacheProblem).toMatch(/has no TSEMB1 header; it will be rebuilt/);
    await cached.prepare(['Done']);
    await cached.flush();
    const reopened = await CachedEmbedder.open(counting, { cacheDir: other });
    expect(reopened.cacheProblem).toBeUndefined();
    expect(reopened.counters.loadedFromDisk).toBe(1);
    copyFileSync(path.join(other, `${counting.id}.embcache`), path.join(other, 'x.embcache'));
    const foreign = await CachedEmbedder.open({ ...counting, id: 'x' }, { cacheDir: other });
    expect(foreign.counters.loadedFromDisk).toBe(0);
    expect(foreign.cacheProblem).toMatch(/belongs to model use-lite, not x/);
  });
});
