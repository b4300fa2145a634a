import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';

/**
 * Suggested items from the recording for a task without annotation: this
 * step's first, each accepted (y) or rejected (r) with one key or a button;
 * the other steps' are counted with a way to go there.
 */
export function SuggestionList() {
  // Read the parts, then derive: a selector returning a fresh array would re-render forever.
  const s = useAppStore(useShallow((st) => ({
    suggestions: st.suggestions, decided: st.decided, draft: st.draft, step: st.step, decide: st.decideSuggestion, go: st.selectStep,
    loaded: st.suggestions !== null && st.suggestPath === st.taskPath, pendingOf: st.pendingSuggestions,
  })));
  const pending = useMemo(() => s.pendingOf(), [s.suggestions, s.decided, s.draft, s.step, s.pendingOf]);
  if (!s.loaded || pending.length === 0) return null;
  const here = pending.filter((x) => x.step === s.step);
  const elsewhere = [...new Set(pending.filter((x) => x.step !== s.step).map((x) => x.step))];
  return (
    <section className="suggestions" aria-label="Suggestions" data-suggestions={here.map((x) => x.item).join('|')}>
      <h4>Suggested from the recording {here.length > 0 && <span className="muted">y accept · r reject</span>}</h4>
      <ul>
        {here.map((x, i) => (
          <li key={x.item} className={i === 0 ? 'first' : undefined} data-suggestion={x.item}>
            <span className="mono chip-text">{x.item}</span>
            <span className="suggestion-reason">{x.reason}</span>
            {x.sources && <span className="suggestion-sources muted" data-sources={x.sources.join(',')}>from {x.sources.join(', ')}</span>}
            <button type="button" className="chip-btn" aria-label={`Accept ${x.item}`} onClick={() => void s.decide(x, true)}>✓</button>
            <button type="button" className="chip-btn" aria-label={`Reject ${x.item}`} onClick={() => void s.decide(x, false)}>✕</button>
          </li>
        ))}
      </ul>
      {elsewhere.length > 0 && (
        <p className="muted suggestion-steps">
          More on step{elsewhere.length > 1 ? 's' : ''} {elsewhere.map((st) => <button key={st} type="button" className="stack-id" onClick={() => void s.go(st)}>{st}</button>)}
        </p>
      )}
    </section>
  );
}
