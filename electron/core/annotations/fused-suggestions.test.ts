import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoDataset } from '../demo/create-demo';
import { fusedSuggestions, successfulRuns } from './fused-suggestions';
import { suggestEssentialStates } from './suggest';
import { readCapturedData } from '../traces/read-captured-data';

// Demo task demo02 ("Turn off Wi-Fi"), recorded, then run by the built-in agents: replay and the
// alternative path (Network & internet -> the switch on that screen)
// are judged completed; the no-op run is not.
let tmp: string;
let root: string;
const REL = 'general/trace_demo02';

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'touchstone-fused-'));
  root = join(tmp, 'demo');
  await createDemoDataset({ out: root, transport: 'in-process', only: ['demo02'] });
}, 300_000);
afterAll(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

describe('suggestions from several successful recordings (MobiFlow-style fusion)', () => {
  it('takes the runs judged completed (not the no-op run) and proposes only what all recordings show, naming them', async () => {
    const runs = await successfulRuns(root, 'demo02');
    expect(runs.map((r) => r.name).sort()).toEqual(['demo-alternative/r1', 'replay/r1']);
    const all = await fusedSuggestions(root, REL, runs, 100);
    const withoutAlternative = await fusedSuggestions(root, REL, runs.filter((r) => r.name === 'replay/r1'), 100);
    expect(all.length).toBeGreaterThan(0);
    for (const s of all) expect(s.sources).toEqual(['recording', 'demo-alternative/r1', 'replay/r1']);
    // Only what all show: counting the no-op run (it never leaves the launcher) as successful leaves nothing.
    expect(withoutAlternative.length).toBeGreaterThanOrEqual(all.length);
    const noop = { name: 'noop/r1', trace: await readCapturedData('demo02', join(root, 'traces/noop/r1/demo02')) };
    expect(await fusedSuggestions(root, REL, [...runs, noop], 100)).toEqual([]);
    const alt = runs.find((r) => r.name === 'demo-alternative/r1')!.trace;
    const altTexts = new Set(alt.steps.flatMap((st) => (st.hierarchy?.nodes ?? []).flatMap((n) => [n.text.trim(), n.contentDesc.trim()])));
    for (const s of all) expect(altTexts.has(/“(.*)”/.exec(s.reason)![1]!)).toBe(true);
  });

  it('the annotation view gets them merged with the recording\'s own suggestions', async () => {
    const out = await suggestEssentialStates(root, REL);
    expect(out.some((s) => s.sources?.includes('demo-alternative/r1'))).toBe(true);
    expect(out.some((s) => s.item.startsWith('click<') && !s.sources)).toBe(true);
    expect(out.map((s) => s.step)).toEqual([...out.map((s) => s.step)].sort((a, b) => a - b));
  });
});
