import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { PRIMITIVE_REGISTRY } from '../../../shared/kinds/primitives';
import { TOLERANCE_KINDS } from '../../../shared/evaluation/tolerance-choices';
import { ADD_ACTIONS } from './add-actions';
import { itemWarnings } from './item-warnings';
import { LiveCheckPanel } from './LiveCheckPanel';
import { TolerancePanel } from './TolerancePanel';
import { SuggestionList } from './SuggestionList';
import { ReviewBar } from './ReviewBar';
import { AppPicker } from './AppPicker';
import { OcrPanel } from './OcrPanel';
import { BulkPanel } from './bulk/BulkPanel';

/** The keys that add an item for the selected component ("e, f, x or c"), for the empty list's hint. */
const COMPONENT_KEYS = PRIMITIVE_REGISTRY.adds.filter((a) => a.input === 'component').map((a) => a.key);
const componentKeys = `${COMPONENT_KEYS.slice(0, -1).join(', ')}${COMPONENT_KEYS.length > 1 ? ' or ' : ''}${COMPONENT_KEYS.at(-1) ?? ''}`;

const SAVE_LABEL = { idle: '', saving: 'Saving…', saved: 'Saved', error: 'Not saved', conflict: 'Changed on disk' } as const;

/** The current step's essential state: items as chips, one-key adds, undo/redo, autosave state, conflicts. */
export function EssEditor() {
  const s = useAppStore(useShallow((st) => ({
    draft: st.draft, status: st.draftStatus, error: st.draftError, saveState: st.saveState, saveError: st.saveError, conflict: st.conflict,
    canUndo: st.history.length > 0, canRedo: st.future.length > 0, selected: st.selected ?? st.hovered, hierarchy: st.hierarchy,
    action: st.episode?.steps.find((x) => x.index === st.step)?.action, step: st.step,
    live: st.livePath === st.taskPath ? st.live : null,
    add: st.addItem, toggle: st.toggleItem, remove: st.removeItem, move: st.moveItem, undo: st.undo, redo: st.redo, resolve: st.resolveConflict,
  })));
  const items = s.draft?.items ?? [];
  const views = s.hierarchy?.ess ?? [];
  const warnings = [
    ...itemWarnings(views, s.hierarchy, s.action),
    ...(s.live?.warnings ?? []).filter((w) => w.item && w.step === s.step).map((w) => ({ item: w.item!, message: w.message })),
  ];
  const kwOf = (raw: string) => /^[a-z_]+/.exec(raw)?.[0] ?? '';
  // The exact item whose tolerant forms the live check compares (TolerancePanel), while open.
  const [tolerance, setTolerance] = useState<string | null>(null);
  const tolIndex = tolerance === null ? -1 : items.indexOf(tolerance);

  return (
    <section className="ess-editor" aria-label="Essential-state editor" tabIndex={-1} data-focus-region="editor" data-draft-state={s.status} data-save-state={s.saveState}
      data-items={s.draft ? items.join('|') : undefined}>
      <header className="ess-editor-head">
        <h3>Essential state <span className="muted">step {s.step}</span></h3>
        <span className={`save-state save-${s.saveState}`} role="status">{SAVE_LABEL[s.saveState]}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small" disabled={!s.canUndo} onClick={() => void s.undo()} title="Undo (Ctrl+Z)">Undo</button>
        <button type="button" className="btn btn-small" disabled={!s.canRedo} onClick={() => void s.redo()} title="Redo (Ctrl+Shift+Z)">Redo</button>
      </header>
      <ReviewBar />
      {s.status === 'error' && <div className="error-box inline" role="alert">{s.error}</div>}
      {s.saveState === 'error' && <div className="error-box inline" role="alert">{s.saveError}</div>}
      {s.conflict && (
        <div className="conflict" role="alertdialog" aria-label="The annotation changed on disk">
          <p>This step's files changed on disk since they were loaded. Nothing was overwritten.</p>
          <dl>
            <dt>On disk</dt><dd className="mono" data-version="disk">{s.conflict.disk ?? '(no annotation)'}</dd>
            <dt>Yours</dt><dd className="mono" data-version="mine">{s.conflict.mine || '(empty)'}</dd>
          </dl>
          <div className="conflict-actions">
            <button type="button" className="btn btn-small" onClick={() => void s.resolve('disk')}>Take the disk version</button>
            <button type="button" className="btn btn-small btn-primary" onClick={() => void s.resolve('mine')}>Keep mine (save over it)</button>
          </div>
        </div>
      )}
      <ol className="ess-chips" aria-label="Items">
        {items.map((raw, i) => {
          const color = PRIMITIVE_REGISTRY.byKeyword(kwOf(raw))?.ui.colour;
          const warn = warnings.filter((w) => w.item === raw);
          return (
            <li key={raw} className={`ess-chip${warn.length ? ' warned' : ''}`} data-item={raw}>
              <span className="chip-text mono" style={color ? { borderColor: `${color}aa`, background: `${color}22` } : undefined}>{raw}</span>
              <button type="button" className="chip-btn" aria-label={`Move ${raw} earlier`} disabled={i === 0} onClick={() => void s.move(i, -1)}>‹</button>
              <button type="button" className="chip-btn" aria-label={`Move ${raw} later`} disabled={i === items.length - 1} onClick={() => void s.move(i, 1)}>›</button>
              <button type="button" className="chip-btn" aria-label={`Remove ${raw}`} onClick={() => void s.remove(i)}>×</button>
              {TOLERANCE_KINDS.has(kwOf(raw)) && /^[a-z_]+<\d+[:>]/.test(raw) && <button type="button" className="chip-btn" aria-label={`Tolerance of ${raw}`} title="Compare exact, text only, a pattern and exact_on on the live check's traces" aria-pressed={tolerance === raw} onClick={() => setTolerance(tolerance === raw ? null : raw)}>≈</button>}
              {warn.map((w) => <span key={w.message} className="item-warning" role="note">{w.message}</span>)}
            </li>
          );
        })}
        {s.draft && items.length === 0 && <li className="muted ess-empty">No items: select a component and press {componentKeys}.</li>}
      </ol>
      <SuggestionList />
      <LiveCheckPanel />
      {tolerance !== null && tolIndex >= 0 && <TolerancePanel item={tolerance} index={tolIndex} onClose={() => setTolerance(null)} onUsed={setTolerance} />}
      <div className="ess-add" role="group" aria-label="Add an item">
        {ADD_ACTIONS.map((a) => {
          const item = a.item(s.selected, s.action, s.selected === null ? undefined : s.hierarchy?.components[s.selected]?.text);
          const on = a.toggle && item !== null && items.includes(item);
          return (
            <button key={a.key} type="button" className={`btn btn-small${on ? ' on' : ''}`} data-add={a.key} title={`${a.title} (${a.key})`}
              disabled={!s.draft || item === null || !!s.conflict} aria-pressed={a.toggle ? on : undefined}
              onClick={() => item && void (a.toggle ? s.toggle(item) : s.add(item))}>
              {a.label} <kbd>{a.key}</kbd>
            </button>
          );
        })}
      </div>
      <AppPicker />
      <OcrPanel />
      <BulkPanel />
    </section>
  );
}
