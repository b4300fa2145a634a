import type { GtAction } from '../../shared/model';
import { actionLabel as labelOf, gtAsAction } from '../../shared/kinds/actions';

/** A recorded ground-truth action as a UI label, in its recording resolution ('' when there is none). */
export function actionLabel(a: GtAction | undefined): string {
  return a ? labelOf(gtAsAction(a)) : '';
}
