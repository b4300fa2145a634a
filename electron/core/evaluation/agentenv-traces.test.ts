import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { EvalMode } from '../../../shared/evaluation/types';
import { normaliseComponent } from '../../../shared/formats/dumpsys';
import { EpisodeEvaluator, type EpisodeOutcome } from './episode-evaluator';
import { buildTrace, type BuiltStep } from './testing/build-trace';
import { datasetWithEss, tempDir, TRACE_18 } from './testing/temp-dataset';
import { bagOfWordsLookup } from './testing/bag-of-words';

const CLICK = 'click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>';
const ESS = { 2: `activity<0>|exact<1>|${CLICK}`, 4: 'activity<0>|exact<6>' };
/** Legacy runs drop the click: upstream reads click<...> as a node number and raised on this xpath (legacy-upstream.test.ts). */
const LEGACY_ESS = { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' };
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
async function evaluate(steps: BuiltStep[], mode: EvalMode = 'fixed', ess: Record<number, string> = ESS): Promise<EpisodeOutcome> {
  const { root, episodeDir } = datasetWithEss(tmp, ess);
  const dir = buildTrace(episodeDir, path.join(tmp, `trace-${n++}`), steps);
  const ev = new EpisodeEvaluator({ methods: ['essential'], mode, appPackages: {} }, bagOfWordsLookup());
  return ev.evaluate({ datasetRoot: root, relPath: 'trace_18', episode: '18', category: 'general', nsteps: 5, trace: { episode: '18', dir, layout: 'llamatouch', via: 'test' } });
}

/**
 * What AgentEnv's recorder writes for a screen (uiautomator2 `app_current()['activity']`): the part
 * after the slash as dumpsys prints it, short (`.app.LoginActivity`) or full; a ground-truth activity
 * without a package (an mCurrentFocus window) is kept.
 */
function agentEnvActivity(screen: number, form: 'short' | 'full'): string {
  const gt = readFileSync(path.join(TRACE_18, `${screen}.activity`), 'utf8').trim();
  if (!gt.includes('/')) return form === 'short' ? gt.slice(gt.lastIndexOf('.')) : gt;
  const [pkg, cls] = normaliseComponent(gt).split('/') as [string, string];
  return form === 'full' || !cls.startsWith(`${pkg}.`) ? cls : cls.slice(pkg.length);
}

describe.skipIf(!existsSync(TRACE_18))('AgentEnv-style traces of trace_18 (../shared/fixtures absent → skipped)', () => {
  it.each(['short', 'full'] as const)('package-less %s activities complete, in fixed and legacy mode', async (form) => {
    const steps = [0, 1, 2, 3, 4].map((screen) => ({ screen, activity: agentEnvActivity(screen, form) }));
    expect(steps[2]!.activity).toBe(form === 'short' ? '.app.LoginActivity' : 'com.duolingo.app.LoginActivity');
    for (const mode of ['fixed', 'legacy'] as const) {
      const o = await evaluate(steps, mode, mode === 'legacy' ? LEGACY_ESS : ESS);
      expect(o.essential?.reason, `${form}, ${mode}`).toBeUndefined();
      expect(o.essential?.completed, `${form}, ${mode}`).toBe(true);
    }
  });

  it('with a wrong activity it fails with a sentence naming both activities', async () => {
    const steps = [0, 1, 2, 3, 4].map((screen) => ({ screen, activity: screen === 2 || screen === 3 ? '.session.SessionActivity' : agentEnvActivity(screen, 'short') }));
    const o = await evaluate(steps);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.reason).toContain('Activity is .session.SessionActivity, expected com.duolingo/com.duolingo.app.LoginActivity.');
  });

  it.each(['fixed', 'legacy'] as const)('%s mode: when the click never matches, the closest step is the one where the most items hold, with every item\'s evidence', async (mode) => {
    // The agent reaches the annotated screen (execution step 2) but presses home there instead of tapping.
    const steps: BuiltStep[] = [{ screen: 0 }, { screen: 1 }, { screen: 2, action: { kind: 'home', screen: { width: 1080, height: 2400 } } }, { screen: 0 }, { screen: 4 }];
    const o = await evaluate(steps, mode);
    const s = o.essential!.states[0]!;
    expect(s.matched).toBe(false);
    expect(s.closestStep).toBe(2);
    expect(Object.fromEntries(s.items.map((i) => [i.kind, i.status]))).toEqual({ activity: 'pass', exact: 'pass', click: 'fail' });
    expect(s.items.find((i) => i.kind === 'click')?.sentence).toMatch(/home/);
    expect(s.reason).toContain('closest is step 2 (2 of 3 items hold)');
  });

  it('ties go to the later step', async () => {
    // Execution steps 2 and 3 both show the annotated screen without the tap: step 3 is named.
    const home = { kind: 'home' as const, screen: { width: 1080, height: 2400 } };
    const o = await evaluate([{ screen: 0 }, { screen: 1 }, { screen: 2, action: home }, { screen: 2, action: home }, { screen: 4 }]);
    expect(o.essential?.states[0]?.closestStep).toBe(3);
  });
});
