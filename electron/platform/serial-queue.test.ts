import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingKeys, serialised } from './serial-queue';

describe('serialised', () => {
  it('runs read-modify-writes of one file one after another, so none is lost, and releases the key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ts-queue-')), 'n.txt');
    writeFileSync(file, '0');
    const bump = () => serialised(file, async () => {
      const n = Number(readFileSync(file, 'utf8'));
      await new Promise((r) => setTimeout(r, 1));
      writeFileSync(file, String(n + 1));
      return n + 1;
    });
    const results = await Promise.all(Array.from({ length: 20 }, bump));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(readFileSync(file, 'utf8')).toBe('20');
    await new Promise((r) => setTimeout(r, 0));
    expect(pendingKeys()).toBe(0);
  });

  it('a failed run rejects its caller only; the next run of the key still runs', async () => {
    const order: string[] = [];
    const a = serialised('k', async () => { order.push('a'); throw new Error('disk full'); });
    const b = serialised('k', async () => { order.push('b'); return 2; });
    await expect(a).rejects.toThrow('disk full');
    await expect(b).resolves.toBe(2);
    expect(order).toEqual(['a', 'b']);
  });

  it('different keys do not wait for each other', async () => {
    let release!: () => void;
    const slow = serialised('slow', () => new Promise<void>((r) => { release = r; }));
    await expect(serialised('fast', async () => 'done')).resolves.toBe('done');
    release();
    await slow;
  });
});
