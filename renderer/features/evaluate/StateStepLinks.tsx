import type { EvalEpisodeDetail } from '../../../shared/contract/evaluation';
import { firstMiss } from './replay-marks';

const THUMB_W = 64;
const GAP = 10;
const PITCH = THUMB_W + GAP;

/**
 * The two strips of the replay: ground-truth essential states (top) and the agent's steps (bottom),
 * with a line from each state to the step that matched it (and a dashed one from the first unmatched
 * state to its closest step). Thumbnails have a fixed pitch, so the lines are laid out without measuring.
 */
export function StateStepLinks({ detail, step, onStep }: { detail: EvalEpisodeDetail; step: number; onStep(i: number): void }) {
  const states = detail.essential?.states ?? [];
  const miss = firstMiss(detail);
  const gtUrl = new Map(detail.gtSteps.map((s) => [s.index, s.url]));
  const width = Math.max(states.length, detail.agentSteps.length) * PITCH;
  const cx = (i: number): number => i * PITCH + THUMB_W / 2;
  return (
    <div className="links" style={{ width }}>
      <div className="strip states">
        {states.map((s, i) => (
          <figure key={i} className={`thumb ${s.matched ? 'ok' : s === miss ? 'miss' : 'todo'}`} data-state={i} data-matched={String(s.matched)} title={s.reason ?? s.ess}
            onClick={() => s.execStep !== undefined ? onStep(s.execStep) : s.closestStep !== undefined && onStep(s.closestStep)}>
            {s.implicit ? <div className="final">agent declares the task complete</div> : gtUrl.get(s.gtStep) ? <img src={gtUrl.get(s.gtStep)!} alt={`ground-truth step ${s.gtStep}`} /> : <div className="final">no screen</div>}
            <figcaption>{s.implicit ? 'final' : `gt ${s.gtStep}`}</figcaption>
          </figure>
        ))}
      </div>
      <svg className="link-lines" width={width} height={36} aria-hidden>
        {states.map((s, i) => {
          const to = s.matched ? s.execStep : s === miss ? s.closestStep : undefined;
          if (to === undefined) return null;
          return <line key={i} x1={cx(i)} y1={0} x2={cx(to)} y2={36} className={s.matched ? 'ok' : 'miss'} data-link={`${i}-${to}`} />;
        })}
      </svg>
      <div className="strip steps">
        {detail.agentSteps.map((s) => {
          const matched = states.some((x) => x.matched && x.execStep === s.index);
          return (
            <figure key={s.index} className={`thumb${s.index === step ? ' current' : ''}${matched ? ' ok' : ''}${miss?.closestStep === s.index ? ' closest' : ''}`} data-step-thumb={s.index} onClick={() => onStep(s.index)}>
              {s.url ? <img src={s.url} alt={`agent step ${s.index}`} /> : <div className="final">no screen</div>}
              <figcaption>{s.index}{s.action && s.action.kind !== 'none' ? ` ${s.action.kind}` : ''}</figcaption>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
