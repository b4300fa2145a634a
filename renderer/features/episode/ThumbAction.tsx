import type { GtAction } from '../../../shared/model';
import { actionMark } from '../../../shared/geometry/action-mark';

// Percent of the thumbnail: the same scaling as on the canvas, to a 100x100 "screen".
const PERCENT = { width: 100, height: 100 };

/** The recorded tap or swipe drawn over a filmstrip thumbnail (keys and text are in the caption already). */
export function ThumbAction({ action }: { action: GtAction | undefined }) {
  const mark = actionMark(action, PERCENT);
  if (mark?.kind === 'tap') return <span className="thumb-tap" data-thumb-mark="tap" style={{ left: `${mark.at.x}%`, top: `${mark.at.y}%` }} />;
  if (mark?.kind !== 'arrow') return null;
  return (
    <svg className="thumb-arrow" data-thumb-mark="arrow" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden>
      <line x1={mark.from.x} y1={mark.from.y} x2={mark.to.x} y2={mark.to.y} vectorEffect="non-scaling-stroke" />
      <circle cx={mark.to.x} cy={mark.to.y} r={3} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
