import { memo, useEffect, useRef } from 'react';
import type { ScreenRef, StepInfo } from '../../../shared/contract';
import { actionLabel } from '../../components/action-label';
import { ThumbAction } from './ThumbAction';
import { scrollIntoList } from '../../components/scroll-into-list';

export interface FilmstripProps {
  steps: readonly StepInfo[];
  screens: readonly ScreenRef[];
  current: number;
  /** Draw each step's recorded tap/swipe on its thumbnail. */
  showAction: boolean;
  onSelect(step: number): void;
  /** Load only the current step's thumbnail for now (the task's first screen is still being shown). */
  hold?: boolean;
}

/** One thumbnail per step with its action; annotated steps are marked. ←/→ move between steps. (Memoised: hovering the screen does not redraw it.) */
export const Filmstrip = memo(function Filmstrip({ steps, screens, current, showAction, onSelect, hold = false }: FilmstripProps) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    scrollIntoList(ref.current, ref.current?.querySelector('[aria-current="step"]'));
  }, [current]);
  return (
    <ol className="filmstrip" ref={ref} aria-label="Steps" data-step-count={steps.length}>
      {steps.map((s) => {
        const url = screens.find((x) => x.step === s.index)?.url ?? null;
        const src = hold && s.index !== current ? undefined : url ?? undefined;
        return (
          <li key={s.index}>
            <button className={`frame${s.index === current ? ' current' : ''}`} data-step={s.index} aria-current={s.index === current ? 'step' : undefined}
              onClick={() => onSelect(s.index)} title={s.ess !== undefined ? `Essential state: ${s.ess}${s.essError ? ` (${s.essError})` : ''}` : undefined}>
              <div className="frame-img">
                {url ? (
                  <span className="thumb">
                    <img src={src} alt={`Step ${s.index}`} loading="lazy" decoding="async" fetchPriority="low" draggable={false} />
                    {showAction && <ThumbAction action={s.action} />}
                  </span>
                ) : <span className="muted">no image</span>}
                {s.ess !== undefined && <span className={`frame-ess${s.essError ? ' broken' : ''}`}>ESS</span>}
              </div>
              <div className="frame-caption">
                <span className="frame-no">{s.index}</span>
                <span className="frame-action" title={s.action && 'resolution' in s.action ? `${actionLabel(s.action)} (in the ${s.action.resolution.width}×${s.action.resolution.height} recording resolution)` : undefined}>
                  {actionLabel(s.action) || (s.index === steps.length - 1 ? 'end' : '')}
                </span>
              </div>
            </button>
          </li>
        );
      })}
    </ol>
  );
});
