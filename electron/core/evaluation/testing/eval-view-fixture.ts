// Test/e2e/bench helper: a dataset built from the real trace_18 with a task index, one traces folder
// per agent (built from the real ground-truth screens) and a human-label CSV, in a temp folder.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTrace } from './build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from './temp-dataset';

export { TRACE_18 };

/** The annotated state of trace_18 (step 2), as the fixture ships it. */
export const ESS_18 = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>' };

export interface EvalViewFixture {
  base: string;
  dataset: string;
  /** Agent name -> traces folder. */
  agents: Record<string, string>;
  human: string;
  /** Episode ids in index order. */
  episodes: string[];
  cleanup(): void;
}

/**
 * `episodes` copies of trace_18 (ids e0, e1, ...; categories alternate general/googleapps) with a
 * 6-column index; agents `complete` (every ground-truth screen, then task complete: passes) and
 * `cut` (stops after screen 1, before the annotated state at step 2: fails), each over every
 * episode unless `agentCount` adds more agents (copies of `complete`/`cut` alternately, named a2, a3...).
 * Human labels (shared file): every episode labelled 1, so `cut` disagrees everywhere.
 */
export function makeEvalViewFixture(episodes = 2, agentCount = 2, opts: { linkScreenshots?: boolean } = {}): EvalViewFixture {
  const base = tempDir('touchstone-evalview-');
  const ids = Array.from({ length: episodes }, (_, i) => `e${i}`);
  const multi = datasetWithEpisodes(base, ESS_18, ids);
  const dataset = path.join(base, 'dataset');
  rmSync(dataset, { recursive: true, force: true });
  mkdirSync(dataset);
  const rows = ids.map((id, i) => {
    const cat = i % 2 ? 'googleapps' : 'general';
    return { id, cat, rel: `${cat}/ep_${id}` };
  });
  for (const r of rows) {
    mkdirSync(path.join(dataset, r.cat), { recursive: true });
    // Moving keeps the copies (no second copy of every screen).
    renameSync(path.join(multi, `ep_${r.id}`), path.join(dataset, r.rel));
  }
  writeFileSync(path.join(dataset, 'llamatouch_task_metadata.tsv'), ['episode\tcategory\tpath\tdescription\tnsteps\tapp', ...rows.map((r) => `${r.id}\t${r.cat}\t${r.rel}\tPractice pronunciation in French in Duolingo (${r.id}).\t5\tDuolingo`)].join('\n') + '\n');
  const agents: Record<string, string> = {};
  for (let a = 0; a < agentCount; a++) {
    const name = a === 0 ? 'complete' : a === 1 ? 'cut' : `a${a}`;
    const screens = a % 2 === 0 ? [0, 1, 2, 3, 4] : [0, 1];
    const dir = path.join(base, 'traces', name);
    for (const r of rows) buildTrace(path.join(dataset, r.rel), path.join(dir, r.id), screens.map((screen) => ({ screen })), undefined, opts);
    agents[name] = dir;
  }
  const human = path.join(base, 'human.csv');
  writeFileSync(human, ['episode,human', ...ids.map((id) => `${id},1`)].join('\n') + '\n');
  return { base, dataset, agents, human, episodes: ids, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}
