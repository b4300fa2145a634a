// Test helper: a dataset of trace_18 copies with four agent runs, and two judge models that decide
// from what the request shows them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildTrace, type BuiltStep } from '../../evaluation/testing/build-trace';
import { datasetWithEpisodes, TRACE_18 } from '../../evaluation/testing/temp-dataset';
import type { Answerer } from './fake-llm-server';

/** Essential states of the copies (the annotated states of run-evaluation.test.ts). */
export const ESS = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>', 4: 'activity<0>|exact<6>' };
const SCREEN = { width: 1080, height: 2400 };

/**
 * full: reaches the practice screen and declares completion; short: stops on the lesson list;
 * claimed: declares completion on the lesson list; noclaim: reaches the practice screen, presses back.
 */
export const RUNS: Record<string, BuiltStep[]> = {
  full: [0, 1, 2, 3, 4].map((screen) => ({ screen })),
  short: [0, 1, 2, 3].map((screen) => ({ screen })),
  claimed: [{ screen: 0 }, { screen: 1 }, { screen: 2 }, { screen: 3, action: { kind: 'complete', screen: SCREEN } }],
  noclaim: [{ screen: 0 }, { screen: 1 }, { screen: 2 }, { screen: 3 }, { screen: 4, action: { kind: 'back', screen: SCREEN } }],
};
/** What people who watched the runs said: the practice screen was reached in full and noclaim. */
export const HUMAN = new Map([['full', true], ['short', false], ['claimed', false], ['noclaim', true]]);

/** A dataset root and a traces folder with the four runs, under tmp. */
export function judgeDataset(tmp: string): { root: string; traces: string } {
  const root = datasetWithEpisodes(tmp, ESS, Object.keys(RUNS));
  const traces = path.join(tmp, `traces-${path.basename(root)}`);
  for (const [id, steps] of Object.entries(RUNS)) buildTrace(path.join(root, `ep_${id}`), path.join(traces, id), steps);
  return { root, traces };
}

const PRACTICE_TEXT = 'Select the correct image';
const practicePng = (): Buffer => readFileSync(path.join(TRACE_18, '4.png'));

/** Completed iff the practice exercise is in what it was sent: the screen text, or the screenshot itself. */
export const screenJudge: Answerer = (r) => {
  const png = practicePng();
  const seen = r.text.includes(PRACTICE_TEXT) || r.images.some((i) => i.equals(png));
  return seen
    ? { completed: true, reason: `The screen shows the practice exercise ("${PRACTICE_TEXT}").` }
    : { completed: false, reason: r.images.length || r.text.includes('### Screen') ? 'No practice exercise is on the screen.' : 'No screen was shown.' };
};

/** Trusts the agent: completed iff the actions end with its claim of completion. */
export const claimJudge: Answerer = (r) => (r.text.includes('declare the task complete')
  ? { completed: true, reason: 'The agent declared the task complete.' }
  : { completed: false, reason: 'The agent never declared the task complete.' });
