import type { AnnotationCalls, Suggestion } from '../../../shared/contract/annotation';
import { EpisodeMemo } from './episode-memo';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import { liveCheck, liveCheckResources } from './live-check';
import { liveToleranceCheck } from './live-tolerance';
import { loadStepAnnotation, saveStepAnnotation } from './step-annotation';
import { suggestEssentialStates } from './suggest';
import { readReviews, writeReview } from './review-file';
import { ScreenTextService } from './screen-text';
import { appChoices } from './app-choices';
import path from 'node:path';
import { applyBulk, previewBulkApply, undoBulkApply } from './bulk-apply';
import { previewCopyState } from './copy-state';

/**
 * The annotation domain's calls over the step files. `changed(root, rel)` is
 * told after every save, so cached episodes are read again (the filmstrip's
 * annotated marks, the task's counts).
 */
export function annotationHandlers(ctx: AppContext, changed: (root: string, rel: string) => void, texts = new ScreenTextService(path.join(ctx.options.stateDir, 'ocr-cache'))): AnnotationCalls {
  const suggestions = new EpisodeMemo<Suggestion[]>();
  // Kept between checks (each edit re-runs them): the embedder, decoded icons, and the OCR the
  // annotation view shows (PP-OCR on its worker thread, cached on disk), so the server keeps answering.
  const checks = liveCheckResources(async () => texts.asOcr());
  return {
    'annotation:ocr': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      const step = args.step;
      return ctx.jobs.run('ocr', { jobId: args.jobId, label: `OCR of step ${step} of ${rel}` }, async (job) => {
        job.progress(0, 1, { phase: 'ocr' });
        const out = await texts.ofStep(ds.root, rel, step);
        job.progress(1, 1, { phase: 'ocr' });
        return out;
      });
    },
    'annotation:apps': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return appChoices(ds.root, rel);
    },
    'annotation:load': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return loadStepAnnotation(ds.root, rel, args.step);
    },
    'annotation:save': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      const step = args.step;
      const saved = await saveStepAnnotation(ds.root, rel, step, args.ess, args.base);
      changed(ds.root, rel);
      suggestions.forget(ds.root, rel);
      return { ...saved, hierarchy: await ctx.backend.hierarchy(ds.root, rel, step) };
    },
    'annotation:check': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return liveCheck(ds.root, rel, checks);
    },
    'annotation:checkTolerance': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return liveToleranceCheck(ds.root, rel, args.step, args.item, checks);
    },
    'annotation:suggest': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return suggestions.get(ds.root, rel, () => suggestEssentialStates(ds.root, rel));
    },
    'annotation:reviews': async (args) => readReviews(ctx.datasets.get(args.datasetId).root),
    'annotation:bulkPreview': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return previewBulkApply(ds.root, { path: rel, step: args.step }, args.item, args.by, args.scope, ds.tasks.map((t) => ctx.datasets.confine(ds, t.path).rel));
    },
    'annotation:copyPreview': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      return previewCopyState(ds.root, { path: rel, step: args.step }, args.to.map((t) => ({ path: ctx.datasets.confine(ds, t.path).rel, step: t.step })));
    },
    'annotation:bulkApply': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const changes = args.changes.map((c) => ({ ...c, path: ctx.datasets.confine(ds, c.path).rel }));
      try {
        return await applyBulk(ds.root, changes);
      } finally {
        for (const rel of new Set(changes.map((c) => c.path))) { changed(ds.root, rel); suggestions.forget(ds.root, rel); }
      }
    },
    'annotation:bulkUndo': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const applied = args.applied.map((a) => ({ ...a, path: ctx.datasets.confine(ds, a.path).rel, ...(a.createdJson ? { createdJson: ctx.datasets.confine(ds, a.createdJson).rel } : {}) }));
      try {
        return await undoBulkApply(ds.root, applied);
      } finally {
        for (const rel of new Set(applied.map((a) => a.path))) { changed(ds.root, rel); suggestions.forget(ds.root, rel); }
      }
    },
    'annotation:review': async (args) => {
      const ds = ctx.datasets.get(args.datasetId);
      const { rel } = ctx.datasets.confine(ds, args.path);
      const status = args.status;
      if (status === 'returned' && !args.comment?.trim()) throw new AppError('bad-request', 'Returning a task needs a comment saying what to fix.');
      return writeReview(ds.root, rel, status, args.comment ?? '');
    },
  };
}
