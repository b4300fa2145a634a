import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EssentialResult } from '../../../shared/evaluation/types';
import type { EmbedderSpec } from './embedding-provider';
import type { PersistRule } from '../../../shared/evaluation/persistence';
import type { EpisodeOutcome } from './episode-evaluator';
import { runEvaluation } from './run-evaluation';
import type { TraceRef } from '../traces/trace-layouts';

/** Options of one view evaluation (the same defaults as `touchstone eval`). */
export interface SubsetOptions {
  datasetRoot: string;
  embedder: EmbedderSpec;
  jobs: number;
  /** Persistence of the final state in the fixed pass (EvalSpec.persist); default persistRuleFor('fixed'). */
  persist?: PersistRule;
  /** The evaluation's opened roots: the traces' links are followed inside them only. */
  roots?: readonly string[];
  signal?: AbortSignal;
  /** done/total over both passes (fixed with every method, then legacy essential). */
  onProgress?(done: number, total: number, phase: 'fixed' | 'legacy', episode?: string): void;
}

/** Every method's results of one trace. */
export interface SubsetResult {
  fixed: EpisodeOutcome;
  legacy?: EssentialResult;
}

/**
 * Evaluates exactly these traces through the evaluator's public entry (`runEvaluation`): they are
 * linked by episode name into a temporary traces folder, which `runEvaluation` reads like any other.
 * Two passes: fixed mode with every method, then legacy mode (essential only). Returns results by
 * the trace's episode name, with `traceDir` pointing at the real folder again.
 */
export async function evaluateSubset(refs: readonly TraceRef[], o: SubsetOptions): Promise<{ results: Map<string, SubsetResult>; warnings: string[] }> {
  const results = new Map<string, SubsetResult>();
  if (!refs.length) return { results, warnings: [] };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'touchstone-view-'));
  const byLink = new Map<string, TraceRef>();
  try {
    refs.forEach((r, i) => {
      // Episode names become folder names; anything unusual gets a safe name matched back below.
      const name = /^[\w.-]+$/.test(r.episode) ? r.episode : `trace_${i}`;
      symlinkSync(r.dir, path.join(tmp, name), 'dir');
      byLink.set(path.join(tmp, name), r);
    });
    const total = refs.length * 2;
    // The temporary folder links to each trace; those are read inside the evaluation's roots.
    const common = { datasetRoot: o.datasetRoot, tracesRoot: tmp, roots: o.roots ?? refs.map((r) => r.dir), jobs: o.jobs, embedder: o.embedder, final: 'complete' as const, signal: o.signal };
    const fixed = await runEvaluation({ ...common, methods: ['essential', 'stepwise', 'lcs'], mode: 'fixed', persist: o.persist, onProgress: (d, _t, x) => o.onProgress?.(d, total, 'fixed', x?.episode) });
    if (fixed.cancelled) throw o.signal?.reason ?? new Error('Evaluation cancelled.');
    for (const x of fixed.outcomes) {
      const ref = byLink.get(x.traceDir);
      if (ref) results.set(ref.episode, { fixed: { ...x, traceDir: ref.dir } });
    }
    const legacy = await runEvaluation({ ...common, methods: ['essential'], mode: 'legacy', onProgress: (d, _t, x) => o.onProgress?.(refs.length + d, total, 'legacy', x?.episode) });
    if (legacy.cancelled) throw o.signal?.reason ?? new Error('Evaluation cancelled.');
    for (const x of legacy.outcomes) {
      const ref = byLink.get(x.traceDir);
      const r = ref && results.get(ref.episode);
      if (r && x.essential) r.legacy = x.essential;
    }
    return { results, warnings: [...new Set([...fixed.warnings, ...legacy.warnings])] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
