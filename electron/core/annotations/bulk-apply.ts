import { unlink } from 'node:fs/promises';
import type { BulkApplied, BulkChange, BulkMatchBy, BulkPreview, BulkScope } from '../../../shared/contract/annotation';
import type { EssItem, NumberedComponent } from '../../../shared/model';
import { makeEssItem, parseEss, type EssItemInput } from '../../../shared/formats/ess';
import { normaliseText, isEmptyValue } from '../../../shared/evaluation/normalise';
import { AppError } from '../../kernel/errors';
import { readTextIn } from '../../platform/confined-read';
import { readStepComponents } from '../datasets/load-episode';
import { listStepFiles } from '../datasets/step-files';
import { inRoot } from '../datasets/paths';
import { hashOf, loadStepAnnotation, saveStepAnnotation } from './step-annotation';

/** A step of an episode folder (root-relative). */
export interface StepRef { path: string; step: number }

const plain = (v: unknown): string => (isEmptyValue(v) ? '' : String(v).trim());

/**
 * Whether component `c` is "the same component" as `src` by `by`: the same resource-id (and
 * class), the same text (case/space-insensitive, and class), or the same xpath. Null when `src`
 * has nothing to match by (no id, no text, no xpath): the caller says so.
 */
export function sameComponent(by: BulkMatchBy, src: NumberedComponent): ((c: NumberedComponent) => boolean) | null {
  const cls = plain(src.class);
  if (by === 'resource-id') {
    const rid = plain(src['resource-id']);
    return rid ? (c) => plain(c['resource-id']) === rid && plain(c.class) === cls : null;
  }
  if (by === 'text') {
    const t = normaliseText(src.text) || normaliseText(src['content-desc']);
    return t ? (c) => (normaliseText(c.text) || normaliseText(c['content-desc'])) === t && plain(c.class) === cls : null;
  }
  const x = plain(src.xpath);
  return x ? (c) => plain(c.xpath) === x : null;
}

/** The item `raw` (one item with a component number) and the component it points at on its own step. */
async function sourceOf(root: string, src: StepRef, raw: string): Promise<{ item: EssItem & { target: { index: number } }; component: NumberedComponent }> {
  const parsed = parseEss(raw, `${src.path}/${src.step}.ess`);
  if (!parsed.ok || parsed.value.items.length !== 1) throw new AppError('bad-request', `"${raw}" is not one .ess item${parsed.ok ? '' : `: ${parsed.problems[0]?.message}`}.`);
  const item = parsed.value.items[0]!;
  if (!('target' in item) || !('index' in item.target)) throw new AppError('bad-request', `${raw} does not point at a component by number; only such items can be applied to the same component elsewhere.`);
  const { components } = await readStepComponents(root, src.path, src.step);
  const component = components?.[item.target.index];
  if (!component) throw new AppError('bad-request', `Step ${src.step} of ${src.path} has no component ${item.target.index}; pick a component shown on that step.`);
  return { item: item as EssItem & { target: { index: number } }, component };
}

/** The change that adds the items `raws` to a step's line (those not there yet), or why not (all there, a line that does not parse). */
export async function changeFor(root: string, at: StepRef, component: number | null, raws: readonly string[], dropped?: string[]): Promise<BulkChange | { skip: string }> {
  const cur = await loadStepAnnotation(root, at.path, at.step);
  const before = cur.ess === null || cur.ess.trim() === '' ? null : cur.ess;
  let add = [...new Set(raws)];
  if (before !== null) {
    const p = parseEss(before, `${at.path}/${at.step}.ess`);
    if (!p.ok) return { skip: `its .ess does not parse (${p.problems[0]?.message ?? 'malformed'})` };
    add = add.filter((r) => !p.value.items.some((i) => i.raw === r));
  }
  if (add.length === 0) return { skip: raws.length === 1 ? 'already has it' : 'already has every item' };
  const after = [...(before === null ? [] : [before]), ...add].join('|');
  return { ...at, component, before, after, base: cur.base, ...(dropped?.length ? { dropped } : {}) };
}

/**
 * Every change that applies `item` (one item on component n of the source step) to the same
 * component (by resource-id, text or xpath) on every other step of the episode, or of every
 * episode listed, where it appears; nothing is written. Steps where it is already there, or whose
 * line does not parse, are counted in `skipped` with the reason.
 */
export async function previewBulkApply(root: string, src: StepRef, raw: string, by: BulkMatchBy, scope: BulkScope, episodes: readonly string[]): Promise<BulkPreview> {
  const { item, component } = await sourceOf(root, src, raw);
  const same = sameComponent(by, component);
  if (!same) throw new AppError('bad-request', `Component ${item.target.index} of step ${src.step} has no ${by}; match it by ${by === 'text' ? 'resource-id or xpath' : by === 'xpath' ? 'resource-id or text' : 'text or xpath'} instead.`);
  const changes: BulkChange[] = [];
  const skipped: BulkPreview['skipped'] = [];
  for (const path of scope === 'episode' ? [src.path] : episodes) {
    for (const step of [...(await listStepFiles(root, path)).keys()].sort((a, b) => a - b)) {
      if (path === src.path && step === src.step) continue;
      const { components } = await readStepComponents(root, path, step);
      const n = components?.findIndex(same) ?? -1;
      if (n < 0) continue;
      const spelled = makeEssItem({ ...withoutRaw(item), target: { index: n } } as EssItemInput).raw;
      const c = await changeFor(root, { path, step }, n, [spelled]);
      if ('skip' in c) skipped.push({ path, step, reason: c.skip });
      else changes.push(c);
    }
  }
  return { item: raw, by, scope, changes, skipped };
}

function withoutRaw(item: EssItem): EssItemInput {
  const { raw: _raw, ...rest } = item;
  return rest as EssItemInput;
}

/**
 * Writes previewed changes one step at a time through the atomic step writer (each checks that its
 * files are still as previewed). If one fails, those already written are undone and the error is
 * raised: all or nothing. Returns what `undoBulkApply` needs to take them all back.
 */
export async function applyBulk(root: string, changes: readonly BulkChange[]): Promise<BulkApplied> {
  const done: BulkApplied['applied'] = [];
  for (const c of changes) {
    try {
      const saved = await saveStepAnnotation(root, c.path, c.step, c.after, c.base);
      const createdJson = saved.written.find((w) => w.endsWith('.json'));
      done.push({ path: c.path, step: c.step, before: c.before, base: saved.base, ...(createdJson ? { createdJson } : {}) });
    } catch (err) {
      await undoBulkApply(root, done).catch(() => undefined);
      const why = (err as Error).message;
      throw new AppError(err instanceof AppError ? err.code : 'conflict', `Applying to step ${c.step} of ${c.path} failed, so none of the ${changes.length} changes was kept: ${why}`, { cause: err });
    }
  }
  return { applied: done, written: done.length };
}

/**
 * Takes back a bulk apply as one action: every step's line as it was before (an `i.ess` that did not
 * exist is removed), and an `i.json` the apply created is removed while it is still as written.
 * A step changed since the apply is a conflict (nothing more is undone from there on).
 */
export async function undoBulkApply(root: string, applied: BulkApplied['applied']): Promise<{ restored: number }> {
  let restored = 0;
  for (const a of [...applied].reverse()) {
    const saved = await saveStepAnnotation(root, a.path, a.step, a.before ?? '', a.base);
    if (a.createdJson && hashOf((await readTextIn(root, a.createdJson)) ?? null) === saved.base.json) await unlink(inRoot(root, a.createdJson));
    restored++;
  }
  return { restored };
}
