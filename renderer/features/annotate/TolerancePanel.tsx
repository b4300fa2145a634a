import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ToleranceCheck, ToleranceChoiceVerdicts } from '../../../shared/contract';
import { useAppStore } from '../../store';

const WHAT = {
  exact: 'every attribute and the flags (an icon: its pixels)',
  text: 'text and content-desc only',
  regex: 'same component, any digits in its text',
  exact_on: 'only the attributes that single it out on this screen',
} as const;

/** One verdict cell: the own recording must pass, the cut and no-op traces must fail. */
function Cell({ name, v, want }: { name: string; v: ToleranceChoiceVerdicts['own'] | null; want: boolean }) {
  if (!v) return <td className="muted" data-verdict={name}>—</td>;
  const good = v.passed === want;
  return <td className={`verdict ${good ? 'good' : 'bad'}`} data-verdict={name} data-passed={String(v.passed)} title={v.reason}>{v.passed ? 'passes' : 'fails'} {good ? '✓' : '✗'}</td>;
}

/**
 * What each way of writing an `exact` item changes (issue 31): the live check's three traces judged
 * with the item as exact, text, regex and exact_on. A row with ✓ everywhere is strict and tolerant
 * enough; "Use" writes that form in place of the item (one undoable edit). Re-checked after each save.
 */
export function TolerancePanel({ item, index, onClose, onUsed }: { item: string; index: number; onClose: () => void; onUsed: (line: string) => void }) {
  const s = useAppStore(useShallow((st) => ({ client: st.client, dataset: st.dataset, path: st.taskPath, step: st.step, live: st.live, replace: st.replaceItem })));
  const [check, setCheck] = useState<ToleranceCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!s.dataset || !s.path) return;
    let gone = false;
    setError(null);
    s.client.call('annotation:checkTolerance', { datasetId: s.dataset.id, path: s.path, step: s.step, item })
      .then((r) => { if (!gone) setCheck(r); }, (e: unknown) => { if (!gone) setError(e instanceof Error ? e.message : String(e)); });
    return () => { gone = true; };
  }, [s.client, s.dataset, s.path, s.step, item, s.live]);
  return (
    <div className="live-check tolerance" role="region" aria-label={`Tolerance of ${item}`} data-tolerance-item={item}>
      <div className="verdicts"><b>How tolerant should {item} be?</b> <button type="button" className="chip-btn" aria-label="Close tolerance check" onClick={onClose}>×</button></div>
      {error && <p className="live-warning" role="alert">The check did not run: {error}</p>}
      {!check && !error && <span className="muted">Checking each form…</span>}
      {check?.note && <span className="muted">{check.note}</span>}
      {check && check.choices.length > 0 && (
        <table className="tolerance-table">
          <thead><tr><th>form</th><th title="The task's own recording must pass">own</th><th title="Stopped before the last state: must fail">cut</th><th title="Stays on the first screen: must fail">no-op</th><th /></tr></thead>
          <tbody>
            {check.choices.map((c) => (
              <tr key={c.line} data-choice={c.choice}>
                <td className="mono" title={WHAT[c.choice]}>{c.line}</td>
                <Cell name="own" v={c.own} want />
                <Cell name="cut" v={c.cut} want={false} />
                <Cell name="noop" v={c.noop} want={false} />
                <td>{c.line !== item && <button type="button" className="btn btn-small" onClick={() => void s.replace(index, c.line).then(() => onUsed(c.line))}>Use</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
