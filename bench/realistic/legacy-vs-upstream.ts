// Legacy mode against upstream LlamaTouch's TestbedEvaluator on the realistic bench corpus, episode by
// episode, with the reasons of every disagreement. Needs LLAMATOUCH_EVALUATOR_DIR (a checkout of
// LlamaTouch/Evaluator) and a python3 with lxml, numpy, pandas and PIL (BENCH_PYTHON, default /usr/bin/python3).
// Upstream runs with its textbox "fuzzy" match on (raw text equality) and its screen-level fuzzy match
// off (it needs sentence-transformers): legacy's fuzzy<-1> verdicts are compared where upstream passes them.
// usage: npx tsx bench/realistic/legacy-vs-upstream.ts   (BENCH_EPISODES, default 200)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { runJobs } from '../../electron/core/evaluation/eval-pool';
import { LazyEmbedder } from '../../electron/core/evaluation/embedding-provider';
import type { EpisodeOutcome } from '../../electron/core/evaluation/episode-evaluator';
import { buildCorpus } from './corpus';

const UPSTREAM = process.env.LLAMATOUCH_EVALUATOR_DIR;
const PYTHON = process.env.BENCH_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
if (!UPSTREAM) {
  console.log('legacy-vs-upstream: set LLAMATOUCH_EVALUATOR_DIR to a checkout of LlamaTouch/Evaluator.');
  process.exit(0);
}
const tmp = mkdtempSync(path.join(os.tmpdir(), 'touchstone-legacy-vs-upstream-'));
const corpus = buildCorpus(path.join(tmp, 'corpus'), Number(process.env.BENCH_EPISODES ?? 200));
const r = spawnSync(PYTHON, [path.join(import.meta.dirname, 'upstream_eval.py'), UPSTREAM, corpus.metadata, corpus.datasetRoot, corpus.tracesRoot, 'textbox'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
const up = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as { completed: Record<string, boolean>; reasons: Record<string, string> };
// Upstream logs the exception behind each "ui positions not found" on stderr.
for (const m of r.stderr.matchAll(/Failed to evaluate episode (\S+): (.*)/g)) up.reasons[m[1]!] = `${up.reasons[m[1]!] ?? ''} (${m[2]!.slice(0, 160)})`;
const ours = new Map<string, EpisodeOutcome>();
await runJobs(corpus.jobs, {
  jobs: 1, settings: { methods: ['essential'], mode: 'legacy', appPackages: {} }, keep: false,
  embedder: new LazyEmbedder('default', { cacheDir: path.join(tmp, 'embeddings') }),
  onResult: (o) => { ours.set(o.episode, o); },
});
const differ = corpus.jobs.filter((j) => Boolean(ours.get(j.episode)?.essential?.completed) !== up.completed[j.episode]);
const screenFuzzy = differ.filter((j) => ours.get(j.episode)?.essential?.states.some((s) => s.items.some((i) => i.item === 'fuzzy<-1>' && i.status !== 'pass')));
console.log(`legacy agrees with upstream on ${corpus.jobs.length - differ.length} of ${corpus.jobs.length} episodes (upstream completed ${Object.values(up.completed).filter(Boolean).length}, legacy ${[...ours.values()].filter((o) => o.essential?.completed).length}); ${screenFuzzy.length} of the ${differ.length} differences are legacy's fuzzy<-1> failing where upstream ran no screen model`);
for (const j of differ) {
  const o = ours.get(j.episode);
  console.log(`${j.episode} (${j.relPath}): upstream ${up.completed[j.episode]} ${up.reasons[j.episode] ?? ''} | legacy ${Boolean(o?.essential?.completed)} ${o?.essential?.reason ?? o?.error ?? ''}`);
}
rmSync(tmp, { recursive: true, force: true });
