import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { normaliseAppTable } from '../../../shared/evaluation/services';
import { defaultAppPackagesFile } from '../evaluation/run-evaluation';
import { EpisodeEvaluator, type EmbeddingLookup } from '../evaluation/episode-evaluator';
import { LazyEmbedder, type EmbedderSpec } from '../evaluation/embedding-provider';
import type { EpisodeVerdict } from './episode-record';

/** A lookup that loads the sentence embedder only when a fuzzy item first needs it. */
function lazyLookup(lazy: LazyEmbedder): EmbeddingLookup {
  let ready: Awaited<ReturnType<LazyEmbedder['get']>>;
  return {
    get id() { return ready?.id; },
    async prepare(texts) {
      ready ??= await lazy.get();
      if (!ready) throw new Error('no sentence embedder is configured (--embedder none)');
      await ready.prepare(texts);
    },
    similarity(a, b) {
      if (!ready) throw new Error('the sentence embedder is not loaded');
      return ready.similarity(a, b);
    },
    get defaultThreshold() { return ready?.defaultThreshold ?? 0.85; },
  };
}

function appTable(): Record<string, string> {
  try {
    return normaliseAppTable(JSON.parse(readFileSync(defaultAppPackagesFile(), 'utf8')) as Record<string, unknown>);
  } catch {
    return {};
  }
}

/**
 * Evaluates each finished trace at once, in-process, with the evaluator's
 * essential-state method (fixed mode, implicit final "task complete"), the
 * same verdict `touchstone eval` gives.
 */
export class TraceJudge {
  private readonly evaluator: EpisodeEvaluator;

  constructor(embedder: EmbedderSpec = 'default') {
    this.evaluator = new EpisodeEvaluator({ methods: ['essential'], mode: 'fixed', appPackages: appTable(), final: 'complete' }, lazyLookup(new LazyEmbedder(embedder)));
  }

  async judge(t: { datasetRoot: string; relPath: string; episode: string; category: string; nsteps: number }, traceDir: string): Promise<EpisodeVerdict> {
    const o = await this.evaluator.evaluate({ ...t, trace: { episode: t.episode, dir: traceDir, layout: 'llamatouch', via: basename(traceDir) } });
    if (!o.essential) return { method: 'essential', completed: false, reason: o.error ?? 'not evaluated', matched: 0, total: 0 };
    const states = o.essential.states;
    return { method: 'essential', completed: o.essential.completed, reason: o.essential.reason, matched: states.filter((s) => s.matched).length, total: states.length };
  }
}
