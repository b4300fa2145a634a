import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partialFolder, sweepPartialFolders } from './partial-folders';

const tmp = mkdtempSync(join(tmpdir(), 'touchstone-demo-partial-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('demo create partial folders', () => {
  it('removes the partial folders of killed runs (process gone), keeps a running one\'s and other folders', async () => {
    const root = join(tmp, 'demo');
    // A `demo create` killed mid-way: its process is gone, its folder stays.
    const killed = spawn(process.execPath, ['-e', `require('fs').mkdirSync(${JSON.stringify(root)} + '.partial-' + process.pid + '/general', { recursive: true }); setInterval(() => {}, 1000)`]);
    await new Promise<void>((r) => { const t = setInterval(() => { if (readdirSync(tmp).some((n) => n.startsWith('demo.partial-'))) { clearInterval(t); r(); } }, 20); });
    killed.kill('SIGKILL');
    await new Promise((r) => killed.on('exit', r));
    const dead = partialFolder(root, killed.pid!);
    writeFileSync(join(dead, 'general', '0.png'), 'x');
    const live = spawn('sleep', ['30']);
    try {
      mkdirSync(partialFolder(root, live.pid!));
      mkdirSync(join(tmp, 'demo-other.partial-1'));
      expect(await sweepPartialFolders(root)).toEqual([dead]);
      expect(existsSync(dead)).toBe(false);
      expect(readdirSync(tmp).sort()).toEqual([`demo-other.partial-1`, `demo.partial-${live.pid}`].sort());
    } finally {
      live.kill();
    }
  });
});
