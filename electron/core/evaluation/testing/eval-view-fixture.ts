// Test/e2e/bench helper: a dataset built from the real trace_18 with a task index, one traces folder
// per agent (built from the real ground-truth screens) and a human-label CSV, in a temp folder.
import { chmodSync, copyFileSync, cpSync, linkSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTrace } from './build-trace';
import { tempDir, TRACE_18 } from './temp-dataset';

export { TRACE_18 };

/** The annotated state of trace_18 (step 2), as the fixture ships it. */
export const ESS_18 = '2.ess';

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
 * `episodes` copies of trace_18 (ids e0, e1, ...; categories alternate general/googleapps, folders
 * `<category>/ep_<id>`) with a 6-column index. Agents: `complete` (every ground-truth screen with its
 * action, the last one declaring completion: passes) and `cut` (stops after screen 1, before the
 * annotated state at step 2: fails); more agents (a2, a3, ...) alternate the two shapes. Human labels
 * (one shared file): every episode 1, so `cut` disagrees everywhere. `link` hard-links screens
 * instead of copying them (benchmarks build thousands); `ess` replaces the annotation of step 2.
 */
export function makeEvalViewFixture(episodes = 2, agentCount = 2, opts: { link?: boolean; ess?: string } = {}): EvalViewFixture {
  const base = tempDir('touchstone-evalview-');
  const src = path.join(base, 'src');
  cpSync(TRACE_18, src, { recursive: true });
  for (const f of readdirSync(src)) chmodSync(path.join(src, f), 0o644);
  const ids = Array.from({ length: episodes }, (_, i) => `e${i}`);
  const dataset = path.join(base, 'dataset');
  const rows = ids.map((id, i) => {
    const cat = i % 2 ? 'googleapps' : 'general';
    return { id, cat, rel: `${cat}/ep_${id}` };
  });
  for (const r of rows) {
    const dir = path.join(dataset, r.rel);
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(src)) {
      if (f === 'instruction.txt') continue;
      // The annotation is always a file of its own, so tests can edit one episode's .ess.
      if (opts.link && f !== ESS_18) linkSync(path.join(src, f), path.join(dir, f));
      else copyFileSync(path.join(src, f), path.join(dir, f));
    }
    writeFileSync(path.join(dir, 'instruction.txt'), `${r.id}\nPractice pronunciation in French in Duolingo.\n`);
    if (opts.ess) writeFileSync(path.join(dir, ESS_18), opts.ess);
  }
  writeFileSync(path.join(dataset, 'llamatouch_task_metadata.tsv'), ['episode\tcategory\tpath\tdescription\tnsteps\tapp', ...rows.map((r) => `${r.id}\t${r.cat}\t${r.rel}\tPractice pronunciation in French in Duolingo (${r.id}).\t5\tDuolingo`)].join('\n') + '\n');
  const agents: Record<string, string> = {};
  for (let a = 0; a < agentCount; a++) {
    const name = a === 0 ? 'complete' : a === 1 ? 'cut' : `a${a}`;
    const screens = a % 2 === 0 ? [0, 1, 2, 3, 4] : [0, 1];
    const dir = path.join(base, 'traces', name);
    for (const r of rows) buildTrace(path.join(dataset, r.rel), path.join(dir, r.id), screens.map((screen) => ({ screen })), undefined, { linkScreenshots: opts.link });
    agents[name] = dir;
  }
  const human = path.join(base, 'human.csv');
  writeFileSync(human, ['episode,human', ...ids.map((id) => `${id},1`)].join('\n') + '\n');
  return { base, dataset, agents, human, episodes: ids, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}
