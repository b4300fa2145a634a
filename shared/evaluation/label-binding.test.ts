import { describe, expect, it } from 'vitest';
import { parseHumanLabels, type HumanLabel } from '../formats/human-labels';
import { bindLabels } from './label-binding';

const rows = (csv: string): HumanLabel[] => {
  const r = parseHumanLabels(csv, 'human_labels.csv');
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
};
const eps = (...e: string[]): Set<string> => new Set(e);

describe('binding labels to one agent', () => {
  it('takes only the rows naming the agent from a per-agent file', () => {
    const b = bindLabels(rows('episode,agent,repeat,human\ne1,replay,1,1\ne1,noop,1,0\ne2,replay,1,1\n'), { file: '/t/human_labels.csv', agent: 'replay', episodes: eps('e1', 'e2') });
    expect(b).toMatchObject({ format: 'per-agent', rows: 2, labels: { e1: true, e2: true }, otherAgents: ['noop'], warnings: [] });
    expect(b.binding).toBe('human_labels.csv: 2 row(s) naming replay; rows of noop left out');
  });

  it('warns and uses nothing when the file names another agent only', () => {
    const b = bindLabels(rows('episode,agent,repeat,human\ne1,noop,1,0\ne2,noop,1,0\n'), { file: '/t/noop/human_labels.csv', agent: 'replay', episodes: eps('e1', 'e2') });
    expect(b.labels).toEqual({});
    expect(b.warnings).toEqual([expect.stringMatching(/names noop, not replay: none of its labels are used for replay/)]);
  });

  it('binds a two-column file to the agent as given, and warns when it sits with another agent or is shared', () => {
    const r = rows('episode,human\ne1,1\ne2,0\n');
    const plain = bindLabels(r, { file: '/t/replay/human_labels.csv', agent: 'replay', episodes: eps('e1', 'e2') });
    expect(plain).toMatchObject({ format: 'two-column', labels: { e1: true, e2: false }, warnings: [] });
    expect(plain.binding).toBe('human_labels.csv (two-column episode,human): bound to replay as given');
    const there = bindLabels(r, { file: '/t/noop/human_labels.csv', agent: 'replay', episodes: eps('e1', 'e2'), sitsWith: 'noop', sharedWith: ['noop'] });
    expect(there.warnings).toEqual([expect.stringMatching(/sits with the traces of noop/), expect.stringMatching(/also used for noop/)]);
  });

  it('warns when most labelled episodes have no trace of the agent', () => {
    const b = bindLabels(rows('episode,human\ne1,1\nx2,0\nx3,0\n'), { file: 'l.csv', agent: 'a', episodes: eps('e1') });
    expect(b.unmatched).toBe(2);
    expect(b.warnings).toEqual([expect.stringMatching(/2 of 3 labelled episode\(s\) in l.csv have no trace of a/)]);
    expect(bindLabels(rows('episode,human\ne1,1\nx2,0\n'), { file: 'l.csv', agent: 'a', episodes: eps('e1') }).warnings).toEqual([]);
  });

  it('several annotators: the majority label, Cohen\'s and Fleiss\' kappa, the disagreements', () => {
    const csv = ['episode,agent,repeat,human,annotator,comment',
      'e1,a,1,1,ann,', 'e1,a,1,1,bob,', 'e2,a,1,0,ann,', 'e2,a,1,0,bob,', 'e3,a,1,1,ann,"not sure, really"', 'e3,a,1,0,bob,', 'e4,a,1,0,ann,', 'e4,a,1,0,bob,'].join('\n');
    const b = bindLabels(rows(csv), { file: 'l.csv', agent: 'a', episodes: eps('e1', 'e2', 'e3', 'e4') });
    expect(b.labels).toEqual({ e1: true, e2: false, e4: false });
    expect(b.disagreements).toEqual([{ episode: 'e3', votes: { ann: true, bob: false } }]);
    // ann: 2 yes 2 no; bob: 1 yes 3 no; observed 3/4, expected 0.5*0.25 + 0.5*0.75 = 0.5: Cohen 0.5.
    expect(b.agreement).toMatchObject({ annotators: ['ann', 'bob'], subjects: 4, observed: 0.75 });
    expect(b.agreement!.cohen).toBeCloseTo(0.5, 10);
    // Fleiss pools the margins: 3/8 yes, expected 0.53125.
    expect(b.agreement!.fleiss).toBeCloseTo((0.75 - 0.53125) / (1 - 0.53125), 10);
    expect(b.warnings).toEqual([expect.stringMatching(/split evenly on 1 episode/)]);
  });

  it('keeps the trace\'s repeat when the file labels several', () => {
    const b = bindLabels(rows('episode,agent,repeat,human\ne1,a,1,1\ne1,a,2,0\n'), { file: 'l.csv', agent: 'a', episodes: eps('e1'), repeat: 2 });
    expect(b.labels).toEqual({ e1: false });
    expect(b.binding).toMatch(/repeat 2 of 1, 2/);
  });
});
