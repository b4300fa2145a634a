import { basename } from 'node:path';
import { readAppPackages } from '../evaluation/app-table';
import { EpisodeEvaluator } from '../evaluation/episode-evaluator';
import { DEFAULT_EMBEDDER_SPEC, LazyEmbedder, lazyLookup, type EmbedderSpec } from '../evaluation/embedding-provider';
import type { EpisodeVerdict } from './episode-record';

/**
 * Evaluates each finished trace at once, in-process, with the evaluator's
 * essential-state method (fixed mode, implicit final "task complete"), the
 * same verdict `touchstone eval` gives.
 */
export class TraceJudge {
  private readonly evaluator: EpisodeEvaluator;

  constructor(embedder: EmbedderSpec = DEFAULT_EMBEDDER_SPEC) {
    this.evaluator = new EpisodeEvaluator({ methods: ['essential'], mode: 'fixed', appPackages: readAppPackages(), final: 'complete' }, lazyLookup(new LazyEmbedder(embedder)));
  }

  async judge(t: { datasetRoot: string; relPath: string; episode: string; category: string; nsteps: number }, traceDir: string): Promise<EpisodeVerdict> {
    const o = await this.evaluator.evaluate({ ...t, trace: { episode: t.episode, dir: traceDir, layout: 'llamatouch', via: basename(traceDir) } });
    if (!o.essential) return { method: 'essential', completed: false, reason: o.error ?? 'not evaluated', matched: 0, total: 0 };
    const states = o.essential.states;
    return { method: 'essential', completed: o.essential.completed, reason: o.essential.reason, matched: states.filter((s) => s.matched).length, total: states.length };
  }
}
