// Evaluation view: opening 500 tasks x 4 agents (2,000 traces built from the real trace_18 screens,
// hard-linked, in a temp folder) through the app's own calls: the first open evaluates everything
// (both modes and the baselines) into the on-disk cache; re-opens must come from the cache in < 1 s.
// BENCH_TASKS / BENCH_AGENTS change the size.
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppService } from '../electron/core/app/app-service';
import { makeEvalViewFixture, TRACE_18 } from '../electron/core/evaluation/testing/eval-view-fixture';

const TASKS = Number(process.env.BENCH_TASKS ?? 500);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 4);

if (!existsSync(TRACE_18)) {
  console.log('eval-view bench: ../shared/fixtures is absent; nothing to measure.');
  process.exit(0);
}
const t0 = performance.now();
const fx = makeEvalViewFixture(TASKS, AGENTS, { link: true });
console.log(`built ${TASKS} tasks x ${AGENTS} agents in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
try {
  const stateDir = path.join(fx.base, 'state');
  mkdirSync(stateDir);
  const spec = { dataset: fx.dataset, agents: Object.entries(fx.agents).map(([name, p]) => ({ name, path: p })), human: fx.human };
  const service = () => createAppService({ mode: 'web', stateDir, fileUrl: (id, rel) => `/files/${id}/${rel}` });
  let t = performance.now();
  const cold = await service().calls['eval:open'](spec);
  const coldMs = performance.now() - t;
  console.log(`first open (evaluates ${cold.cache.evaluated} traces, 2 passes each): ${(coldMs / 1000).toFixed(1)} s = ${(cold.cache.evaluated / (coldMs / 1000)).toFixed(0)} traces/s`);
  const runs = async (fromCache: boolean): Promise<number[]> => {
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A fresh app service each time: what a restart of the app costs, not an in-memory hit.
      t = performance.now();
      const o = await service().calls['eval:open']({ ...spec, fromCache });
      ms.push(performance.now() - t);
      if (o.cache.evaluated !== 0 || o.cells.length !== TASKS * AGENTS) throw new Error(`re-open evaluated ${o.cache.evaluated}, listed ${o.cells.length} cells`);
    }
    return ms.sort((a, b) => a - b);
  };
  const quick = await runs(true);
  console.log(`overview load from cache (${TASKS * AGENTS} cells, fresh app each time): median ${quick[1]!.toFixed(0)} ms, runs ${quick.map((x) => x.toFixed(0)).join(' / ')} ms; target < 1000 ms: ${quick[1]! < 1000 ? 'met' : 'NOT met'}`);
  const full = await runs(false);
  console.log(`re-open checking every file's content against the cache (nothing changed, nothing evaluated): median ${full[1]!.toFixed(0)} ms`);
} finally {
  fx.cleanup();
}
