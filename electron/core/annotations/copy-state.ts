import type { BulkChange, BulkPreview } from '../../../shared/contract/annotation';
import type { EssItem, NumberedComponent } from '../../../shared/model';
import { makeEssItem, parseEss, type EssItemInput } from '../../../shared/formats/ess';
import { AppError } from '../../kernel/errors';
import { readStepComponents } from '../datasets/load-episode';
import { changeFor, sameComponent, type StepRef } from './bulk-apply';
import { loadStepAnnotation } from './step-annotation';

/** Component `src`'s counterpart among `cs`: same xpath, else same resource-id, else same text (each with the class); -1 when none. */
function counterpart(src: NumberedComponent, cs: readonly NumberedComponent[]): number {
  for (const by of ['xpath', 'resource-id', 'text'] as const) {
    const same = sameComponent(by, src);
    const n = same ? cs.findIndex(same) : -1;
    if (n >= 0) return n;
  }
  return -1;
}

/**
 * The changes that copy a step's state to other steps (any episode): items without a component
 * are copied as they are; an item on component n moves to the same component on the destination
 * (listed in `dropped` when that screen has none). Items already there are not added twice.
 */
export async function previewCopyState(root: string, from: StepRef, to: readonly StepRef[]): Promise<BulkPreview> {
  const cur = await loadStepAnnotation(root, from.path, from.step);
  const parsed = parseEss(cur.ess ?? '', `${from.path}/${from.step}.ess`);
  if (!parsed.ok) throw new AppError('bad-request', `Step ${from.step} of ${from.path} has no state to copy (${parsed.problems[0]?.message}).`);
  const srcComponents = (await readStepComponents(root, from.path, from.step)).components ?? [];
  const changes: BulkChange[] = [];
  const skipped: BulkPreview['skipped'] = [];
  for (const dest of to) {
    if (dest.path === from.path && dest.step === from.step) continue;
    const cs = (await readStepComponents(root, dest.path, dest.step)).components ?? [];
    const raws: string[] = [];
    const dropped: string[] = [];
    for (const item of parsed.value.items) {
      if (!('target' in item) || !('index' in item.target)) { raws.push(item.raw); continue; }
      const src = srcComponents[item.target.index];
      const n = src ? counterpart(src, cs) : -1;
      if (n < 0) { dropped.push(item.raw); continue; }
      const { raw: _raw, ...rest } = item as EssItem & { target: { index: number } };
      raws.push(makeEssItem({ ...rest, target: { index: n } } as EssItemInput).raw);
    }
    if (raws.length === 0) { skipped.push({ ...dest, reason: `none of its items has a same component there (${dropped.join(', ')})` }); continue; }
    const c = await changeFor(root, dest, null, raws, dropped);
    if ('skip' in c) skipped.push({ ...dest, reason: c.skip });
    else changes.push(c);
  }
  return { item: `copy of step ${from.step}`, changes, skipped };
}
