import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppService } from '../app';
import { JudgeCache } from '../core/judge/judge-cache';

const base = mkdtempSync(join(tmpdir(), 'touchstone-state-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const mode = (p: string): string => (statSync(p).mode & 0o777).toString(8);

describe('state folders', () => {
  it('are created readable by this user only (0700): the state folder with its parents, and the judge cache', async () => {
    const root = join(base, 'data');
    mkdirSync(join(root, 'general', 'trace_1'), { recursive: true });
    writeFileSync(join(root, 'general', 'trace_1', 'instruction.txt'), '1\nOpen the settings\n');
    const state = join(base, 'home', 'config', 'touchstone');
    const service = createAppService({ mode: 'web', stateDir: state, fileUrl: (id, rel) => `/files/${id}/${rel}` });
    await service.calls['dataset:open']({ path: root });
    expect(await service.calls['dataset:recent']({})).toEqual([expect.objectContaining({ path: root })]);
    expect([mode(state), mode(join(base, 'home', 'config')), mode(join(base, 'home'))]).toEqual(['700', '700', '700']);
    const cache = new JudgeCache(join(base, 'cache', 'judge'));
    await cache.put({ model: 'm', promptHash: 'h', reply: 'r', usage: { prompt: 0, completion: 0 }, at: '' });
    expect(mode(join(base, 'cache', 'judge'))).toBe('700');
  });
});
