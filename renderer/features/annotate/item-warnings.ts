import type { EssItemView, StepHierarchy } from '../../../shared/contract';
import type { GtAction, Size } from '../../../shared/model';
import { actionMark } from '../../../shared/geometry/action-mark';
import { boxesOf } from '../../../shared/geometry/component-at';
import { containsPoint } from '../../../shared/formats/bounds';

/** A problem with one item of the step being annotated, shown next to it. */
export interface ItemWarning {
  /** The item's spelling, e.g. `click<12>`. */
  item: string;
  message: string;
}

/**
 * What can be told about the step's items from the step alone: an item whose
 * target does not resolve, and a `click<n>` that can never match because the
 * recorded action of this step is not a tap inside n.
 */
export function itemWarnings(items: readonly EssItemView[], hierarchy: StepHierarchy | null, action: GtAction | undefined): ItemWarning[] {
  const out: ItemWarning[] = [];
  const boxes = boxesOf(hierarchy?.components ?? []);
  const device: Size | undefined = hierarchy?.screen;
  for (const it of items) {
    if (it.problem) out.push({ item: it.raw, message: it.problem });
    if (it.keyword !== 'click' || it.componentIds.length === 0) continue;
    const mark = device ? actionMark(action, device) : null;
    if (!mark || mark.kind !== 'tap') {
      out.push({ item: it.raw, message: `Can never match: the recorded action of this step is ${action ? `not a tap (${action.kind})` : 'missing'}, and click<…> checks the tap of this step.` });
      continue;
    }
    const hit = it.componentIds.some((id) => {
      const b = boxes.find((x) => x.id === id);
      return b ? containsPoint(b.bounds, mark.at) : false;
    });
    if (!hit) out.push({ item: it.raw, message: `Can never match: the recorded tap (${Math.round(mark.at.x)},${Math.round(mark.at.y)}) is not inside #${it.componentIds.join(', #')}.` });
  }
  return out;
}
