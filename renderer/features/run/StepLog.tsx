import { memo, useMemo, useState } from 'react';
import type { RunStepEvent } from '../../../shared/contract/run';
import { conversationText } from '../../../shared/kinds/agents/step-conversation';
import { StepConversationView } from '../../components/StepConversationView';

const ROW = 20;
const HEIGHT = 200;
const OVERSCAN = 4;

const stepKey = (s: RunStepEvent): string => `${s.device}/${s.agent}/${s.repeat}/${s.config ?? ''}/${s.episode}#${s.step}`;

/**
 * The step log, newest first, virtualised: only the rows in view are in the page, so a long
 * run (thousands of steps) costs the same per update as a short one. A search box filters the
 * steps by their description and their conversation with the model; a click on a step shows
 * that conversation (prompt, screen sent, reply, parsed action, tokens, latency, retries) below.
 */
export const StepLog = memo(function StepLog({ steps: all }: { steps: RunStepEvent[] }) {
  const [top, setTop] = useState(0);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const q = query.trim().toLowerCase();
  const steps = useMemo(() => (q ? all.filter((s) => `${s.episode} ${s.description}`.toLowerCase().includes(q) || conversationText(s.conversation).includes(q)) : all), [all, q]);
  const n = steps.length;
  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(n, Math.ceil((top + HEIGHT) / ROW) + OVERSCAN);
  const rows: RunStepEvent[] = [];
  for (let i = first; i < last; i++) rows.push(steps[n - 1 - i]!);
  const shown = open ? all.find((s) => stepKey(s) === open) : undefined;
  // Keyed by position in the log (steps only append): an episode's step under two configurations or agents is two rows.
  return (
    <>
      {all.some((s) => s.conversation) && (
        <input className="input" aria-label="Search steps" placeholder="Search steps and conversations" value={query} onChange={(e) => { setQuery(e.target.value); setTop(0); }} />
      )}
      <div className="step-log" role="log" aria-label="Step log" data-steps={n} style={{ height: n ? Math.min(HEIGHT, n * ROW) : undefined }} onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
        <ol style={{ height: n * ROW }}>
          {rows.map((s, k) => (
            <li key={n - 1 - first - k} data-device={s.device} data-step={s.step} data-episode={s.episode} style={{ top: (first + k) * ROW, height: ROW }}
              className={s.conversation ? 'has-conversation' : undefined} onClick={s.conversation ? () => setOpen(stepKey(s) === open ? null : stepKey(s)) : undefined}>
              <span className="mono">{s.device}</span> <span className="mono">{s.episode}#{s.step}</span>{s.config !== undefined && <span className="muted"> @{s.config}</span>} {s.description}
              <span className="muted"> · {Math.round(s.totalMs)} ms (agent {Math.round(s.agentMs)} ms)</span>
            </li>
          ))}
        </ol>
      </div>
      {shown?.conversation && (
        <section aria-label="Step conversation" data-step={shown.step} data-episode={shown.episode}>
          <h3 className="mono">{shown.episode}#{shown.step} · {shown.description}</h3>
          <StepConversationView c={shown.conversation} screenUrl={shown.url} />
        </section>
      )}
    </>
  );
});
