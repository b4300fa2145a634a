import { memo, useState } from 'react';
import type { RunStepEvent } from '../../../shared/contract/run';

const ROW = 20;
const HEIGHT = 200;
const OVERSCAN = 4;

/**
 * The step log, newest first, virtualised: only the rows in view are in the page, so a long
 * run (thousands of steps) costs the same per update as a short one.
 */
export const StepLog = memo(function StepLog({ steps }: { steps: RunStepEvent[] }) {
  const [top, setTop] = useState(0);
  const n = steps.length;
  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(n, Math.ceil((top + HEIGHT) / ROW) + OVERSCAN);
  const rows: RunStepEvent[] = [];
  for (let i = first; i < last; i++) rows.push(steps[n - 1 - i]!);
  // Keyed by position in the log (steps only append): an episode's step under two configurations or agents is two rows.
  return (
    <div className="step-log" role="log" aria-label="Step log" data-steps={n} style={{ height: n ? Math.min(HEIGHT, n * ROW) : undefined }} onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
      <ol style={{ height: n * ROW }}>
        {rows.map((s, k) => (
          <li key={n - 1 - first - k} data-device={s.device} style={{ top: (first + k) * ROW, height: ROW }}>
            <span className="mono">{s.device}</span> <span className="mono">{s.episode}#{s.step}</span>{s.config !== undefined && <span className="muted"> @{s.config}</span>} {s.description}
            <span className="muted"> · {Math.round(s.totalMs)} ms (agent {Math.round(s.agentMs)} ms)</span>
          </li>
        ))}
      </ol>
    </div>
  );
});
