import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { offeredTraces, withOffered } from './offered-traces';
import { tempDir } from './testing/temp-dataset';

const tmp = tempDir('touchstone-offered-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A LlamaTouch trace of one action file under `dir/<episode>/captured_data/`. */
const trace = (dir: string, episode: string): void => {
  mkdirSync(path.join(dir, episode, 'captured_data', 'action'), { recursive: true });
  writeFileSync(path.join(dir, episode, 'captured_data', 'action', '0.action'), 'COMPLETE\n');
};

describe('the trace folders kept with a dataset', () => {
  it('offers traces/<agent> and runs/<timestamp>/<agent> (newest run first), and nothing else', () => {
    const ds = path.join(tmp, 'ds');
    trace(path.join(ds, 'traces', 'replay'), 'e1');
    trace(path.join(ds, 'traces', 'replay'), 'e2');
    mkdirSync(path.join(ds, 'traces', 'empty'), { recursive: true });
    trace(path.join(ds, 'runs', '2026-11-28T10-00', 'llm', 'r1'), 'e1');
    trace(path.join(ds, 'runs', '2026-11-29T09-00', 'llm', 'r1'), 'e1');
    expect(offeredTraces(ds)).toEqual([
      { name: 'replay', path: path.join(ds, 'traces', 'replay'), traces: 2 },
      { name: 'llm (2026-11-29T09-00)', path: path.join(ds, 'runs', '2026-11-29T09-00', 'llm'), traces: 1 },
      { name: 'llm (2026-11-28T10-00)', path: path.join(ds, 'runs', '2026-11-28T10-00', 'llm'), traces: 1 },
    ]);
    expect(withOffered({ kind: 'dataset', path: ds, episodes: 2 })).toMatchObject({ offered: [{ name: 'replay' }, {}, {}] });
    expect(withOffered({ kind: 'dataset', path: path.join(tmp, 'none'), episodes: 2 })).toEqual({ kind: 'dataset', path: path.join(tmp, 'none'), episodes: 2 });
  });
});
