import { readFileSync } from 'node:fs';
import { EpisodeEvaluator, type EvalJob } from '../../electron/core/evaluation/episode-evaluator';
const jobs = JSON.parse(readFileSync('/tmp/profcorpus/jobs.json', 'utf8')) as EvalJob[];
const up = JSON.parse(readFileSync('/tmp/up.json', 'utf8')) as { completed: Record<string, boolean> };
const ev = new EpisodeEvaluator({ methods: ['essential'], mode: 'legacy', appPackages: {} });
let n = 0;
for (const j of jobs) {
  const o = await ev.evaluate(j);
  if (Boolean(o.essential?.completed) !== up.completed[j.episode]) {
    n++;
    if (n <= 12) console.log(j.episode, j.relPath, 'ours', o.essential?.completed, 'upstream', up.completed[j.episode], '|', o.essential?.reason?.slice(0, 300));
  }
}
console.log('disagreements', n);
