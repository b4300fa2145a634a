import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HUMAN_LABELS_FILE } from '../../shared/formats/human-labels';
import { tempDir } from '../core/evaluation/testing/temp-dataset';
import { bindCliLabels, readCliLabels } from './eval-labels';

describe('touchstone eval: which labels a run uses', () => {
  const tmp = tempDir('touchstone-cli-labels-');
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const traces = join(tmp, 'traces');
  mkdirSync(join(traces, 'replay', 'r1'), { recursive: true });
  mkdirSync(join(traces, 'noop'), { recursive: true });
  writeFileSync(join(traces, 'replay', HUMAN_LABELS_FILE), 'episode,agent,repeat,human\ne1,replay,1,1\ne2,replay,1,1\n');
  writeFileSync(join(traces, 'noop', HUMAN_LABELS_FILE), 'episode,agent,repeat,human\ne1,noop,1,0\ne2,noop,1,0\n');
  writeFileSync(join(traces, 'noop', 'two.csv'), 'episode,human\ne1,0\ne2,0\n');
  const warn: string[] = [];

  it('finds human_labels.csv beside the traces without --human, bound to the folder\'s agent (a r<N> folder: its parent, that repeat)', () => {
    const l = readCliLabels(join(traces, 'replay', 'r1'), undefined, (w) => warn.push(w))!;
    expect(l).toMatchObject({ file: join(traces, 'replay', HUMAN_LABELS_FILE), agent: 'replay', repeat: 1, given: false });
    const b = bindCliLabels(l, new Set(['e1', 'e2']));
    expect(b.labels).toEqual({ e1: true, e2: true });
    expect(b.warnings).toEqual([]);
    expect(readCliLabels(join(traces, 'empty-agent'), undefined, () => undefined)).toBeUndefined();
  });

  it('warns when --human names another agent\'s file: its rows, or a two-column file in its folder', () => {
    const other = bindCliLabels(readCliLabels(join(traces, 'replay'), join(traces, 'noop', HUMAN_LABELS_FILE), () => undefined)!, new Set(['e1', 'e2']));
    expect(other.labels).toEqual({});
    expect(other.warnings).toEqual([expect.stringMatching(/names noop, not replay/)]);
    const two = bindCliLabels(readCliLabels(join(traces, 'replay'), join(traces, 'noop', 'two.csv'), () => undefined)!, new Set(['e1', 'e2']));
    expect(two.labels).toEqual({ e1: false, e2: false });
    expect(two.warnings).toEqual([expect.stringMatching(/sits with the traces of noop/)]);
    expect(warn).toEqual([]);
  });
});
