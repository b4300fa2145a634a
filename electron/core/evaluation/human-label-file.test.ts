import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLabelFile, setLabelLine, writeLabel } from './human-label-file';

describe('human label CSV edits', () => {
  it.each([
    ['episode,human\n1,1\n2,0\n', '2', true, 'episode,human\n1,1\n2,1\n'],
    ['episode,human\r\n1,1\r\n2,0\r\n', '1', false, 'episode,human\r\n1,0\r\n2,0\r\n'],
    ['episode,human\n1,1\n', '3', true, 'episode,human\n1,1\n3,1\n'],
    ['human,episode,note\n1,a,x\n', 'a', false, 'human,episode,note\n0,a,x\n'],
    ['episode,human\n1,1\n2,0\n', '1', null, 'episode,human\n2,0\n'],
    ['', '7', false, 'episode,human\n7,0\n'],
  ] as const)('%j: set %s to %s', (before, ep, v, after) => {
    expect(setLabelLine(before, ep, v)).toBe(after);
  });

  it.each([
    ['', 'e1', true, 'episode,agent,repeat,human\ne1,replay,1,1\n'],
    ['episode,agent,repeat,human\ne1,noop,1,0\ne1,replay,1,0\n', 'e1', true, 'episode,agent,repeat,human\ne1,noop,1,0\ne1,replay,1,1\n'],
    ['episode,agent,repeat,human\ne1,noop,1,0\n', 'e1', true, 'episode,agent,repeat,human\ne1,noop,1,0\ne1,replay,1,1\n'],
    ['episode,agent,repeat,human,annotator,comment\ne1,replay,1,0,ann,"late, slow"\ne1,replay,1,0,,\n', 'e1', true, 'episode,agent,repeat,human,annotator,comment\ne1,replay,1,0,ann,"late, slow"\ne1,replay,1,1,,\n'],
    ['episode,agent,repeat,human\ne1,replay,2,0\n', 'e1', false, 'episode,agent,repeat,human\ne1,replay,2,0\ne1,replay,1,0\n'],
    ['episode,agent,repeat,human\ne1,replay,1,0\ne2,replay,1,1\n', 'e1', null, 'episode,agent,repeat,human\ne2,replay,1,1\n'],
    ['episode,human\ne1,0\n', 'e1', true, 'episode,human\ne1,1\n'],
  ] as const)('for agent replay (repeat 1): %j set %s to %s changes that agent\'s unsigned row only', (before, ep, v, after) => {
    expect(setLabelLine(before, ep, v, { agent: 'replay' })).toBe(after);
  });

  it('refuses a file that is not a label CSV, naming it and what to do', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'touchstone-labels-'));
    try {
      const f = path.join(dir, 'labels.csv');
      writeFileSync(f, 'id,verdict\n1,1\n');
      await expect(writeLabel(f, '1', true)).rejects.toThrow(`${f}: Not a human-label CSV: the header must contain episode and human. Fix the header or choose another label file.`);
      expect(readFileSync(f, 'utf8')).toBe('id,verdict\n1,1\n');
      await expect(readLabelFile(f)).rejects.toThrow(/labels.csv.*1.*header must contain episode and human/);
      const g = path.join(dir, 'new.csv');
      expect(await writeLabel(g, 'e1', true)).toEqual(new Map([['e1', true]]));
      expect(readFileSync(g, 'utf8')).toBe('episode,human\ne1,1\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
