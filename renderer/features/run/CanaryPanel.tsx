import { memo } from 'react';
import type { CanaryResult } from '../../../shared/contract/run';

/**
 * The run's canary: how many tasks still replay their own recording, and for each quarantined one
 * the step where its replay parted from the recording, with both screens side by side.
 */
export const CanaryPanel = memo(function CanaryPanel({ canary }: { canary: CanaryResult }) {
  const tasks = new Set(canary.checked.map((c) => c.episode)).size;
  const failed = canary.checked.filter((c) => !c.passed);
  return (
    <section className="run-canary" aria-label="Canary" data-quarantined={canary.quarantined.length} data-checked={tasks}>
      <p>
        <b>Canary:</b> {tasks - canary.quarantined.length} of {tasks} task(s) replayed their recording on {canary.kinds.length} device kind(s);{' '}
        {canary.quarantined.length ? <b>{canary.quarantined.length} quarantined</b> : 'none quarantined'}
        {canary.unchecked.length > 0 && `, ${canary.unchecked.length} not sampled (run unchecked)`}.{' '}
        Report: <span className="mono" data-canary-report>{canary.report}</span>
      </p>
      {canary.kinds.length > 1 && (
        <ul className="canary-kinds" aria-label="Canary per device kind">
          {canary.kinds.map((k) => {
            const of = canary.checked.filter((c) => c.kind === k);
            const passed = of.filter((c) => c.passed).length;
            return <li key={k} data-kind={k} data-passed={passed} data-checked={of.length}><span className="muted">{k}</span>: {passed} of {of.length} replayed their recording</li>;
          })}
        </ul>
      )}
      {failed.map((c) => (
        <div key={`${c.episode}/${c.kind}`} className="canary-quarantined" data-episode={c.episode} data-step={c.divergence?.step ?? ''}>
          <p><b>Quarantined</b> <span className="mono">{c.episode}</span> on <span className="muted">{c.kind}</span>{c.divergence && <> · <b>diverged at step {c.divergence.step}</b></>}: {c.why}</p>
          {c.screens && (
            <div className="canary-screens">
              <figure><img src={c.screens.recorded} alt={`recording, step ${c.divergence?.step}`} /><figcaption>recording</figcaption></figure>
              <figure><img src={c.screens.replayed} alt={`canary replay, step ${c.divergence?.step}`} /><figcaption>canary replay</figcaption></figure>
            </div>
          )}
        </div>
      ))}
    </section>
  );
});
