import type { GtAction } from '../../shared/model';
import { describeAction, gtAsAction } from '../../shared/kinds/actions';

/** A recorded action as a UI label: the one description, first letter capitalised (`Tap 540,1200`, `Home`). */
export function actionLabel(a: GtAction | undefined): string {
  if (!a) return '';
  const d = describeAction(gtAsAction(a));
  return d.charAt(0).toUpperCase() + d.slice(1);
}
