import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CANARY_SAME_SCREEN, firstDivergence, screenOverlap, type CanaryScreen } from './canary-divergence';
import { mustParseXml } from './test-fixtures';

const EP = path.resolve(import.meta.dirname, '../../../shared/fixtures/llamatouch/episodes/trace_18');
const screen = (i: number): CanaryScreen => ({
  activity: readFileSync(path.join(EP, `${i}.activity`), 'utf8'),
  vh: mustParseXml(readFileSync(path.join(EP, `${i}.xml`), 'utf8'), `${i}.xml`),
});

describe.skipIf(!existsSync(EP))('where a replay parts from its recording (real LlamaTouch screens, trace_18; fixtures absent → skipped)', () => {
  const rec = [0, 1, 2, 3, 4].map(screen);

  it('a replay showing the recorded screens again does not diverge', () => {
    expect(firstDivergence(rec, rec)).toBeNull();
  });

  it('another activity at step 2 names step 2 and both activities', () => {
    const run = [rec[0], rec[1], rec[0], rec[3], rec[4]];
    const d = firstDivergence(rec, run);
    expect(d?.step).toBe(2);
    expect(d?.reason).toContain(rec[2].activity.trim());
    expect(d?.reason).toContain(rec[0].activity.trim());
  });

  it('the same activity with other components diverges by overlap; the same components again do not', () => {
    // Steps 2 and 3 are both Duolingo's LoginActivity; with activities blanked only the components decide.
    const bare = (s: CanaryScreen): CanaryScreen => ({ activity: '', vh: s.vh });
    const overlap = screenOverlap(rec[2].vh!, rec[0].vh!);
    expect(overlap).toBeLessThan(CANARY_SAME_SCREEN);
    const d = firstDivergence([bare(rec[2])], [bare(rec[0])]);
    expect(d).toMatchObject({ step: 0, similarity: overlap });
    expect(d?.reason).toMatch(/shows \d+% of the recorded screen's components/);
    expect(firstDivergence([bare(rec[2])], [bare(rec[2])])).toBeNull();
    expect(screenOverlap(rec[2].vh!, rec[2].vh!)).toBe(1);
  });

  it('a replay that stopped early diverges at the first screen it lacks', () => {
    expect(firstDivergence(rec, rec.slice(0, 3))).toMatchObject({ step: 3, reason: 'The replay ended after 3 screen(s); the recording has 5.' });
  });
});
