import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BulkApplied, BulkMatchBy, BulkPreview, BulkScope } from '../../../../shared/contract/annotation';
import { useAppStore } from '../../../store';

/** Items of the draft that point at a component by number: the ones that can be applied elsewhere. */
const COMPONENT_ITEM = /^[a-z_]+<\d+(:.*)?>$/;
const SHOWN = 40;

/**
 * Many steps at once: apply one item of this step to the same component (by resource-id, text or
 * xpath) on the episode's other steps or the whole dataset, or copy this step's state to other
 * steps; every change is listed before anything is written, and one Undo takes the whole batch back.
 */
export function BulkPanel() {
  const s = useAppStore(useShallow((st) => ({ client: st.client, dataset: st.dataset, taskPath: st.taskPath, step: st.step, draft: st.draft, reload: st.loadDraft })));
  const [item, setItem] = useState('');
  const [by, setBy] = useState<BulkMatchBy>('resource-id');
  const [scope, setScope] = useState<BulkScope>('dataset');
  const [copyTo, setCopyTo] = useState('');
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [applied, setApplied] = useState<BulkApplied | null>(null);
  const [message, setMessage] = useState('');
  // Derived here: a selector returning a fresh array would re-render forever.
  const choices = (s.draft?.items ?? []).filter((i) => COMPONENT_ITEM.test(i));
  const chosen = choices.includes(item) ? item : choices[0] ?? '';
  if (!s.dataset || !s.taskPath) return null;
  const ids = { datasetId: s.dataset.id, path: s.taskPath, step: s.step };
  const run = async (f: () => Promise<void>) => { setMessage(''); try { await f(); } catch (err) { setMessage((err as Error).message); } };
  const previewItem = () => run(async () => { setApplied(null); setPreview(await s.client.call('annotation:bulkPreview', { ...ids, item: chosen, by, scope })); });
  const previewCopy = () => run(async () => {
    const steps = copyTo.split(/[ ,]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n >= 0);
    setApplied(null);
    setPreview(await s.client.call('annotation:copyPreview', { ...ids, to: steps.map((step) => ({ path: s.taskPath!, step })) }));
  });
  const apply = () => run(async () => {
    if (!preview) return;
    const r = await s.client.call('annotation:bulkApply', { datasetId: ids.datasetId, changes: preview.changes });
    setApplied(r); setPreview(null); await s.reload();
  });
  const undo = () => run(async () => {
    if (!applied) return;
    const r = await s.client.call('annotation:bulkUndo', { datasetId: ids.datasetId, applied: applied.applied });
    setApplied(null); setMessage(`Undone on ${r.restored} step${r.restored === 1 ? '' : 's'}.`); await s.reload();
  });
  return (
    <details className="bulk-panel" aria-label="Many steps at once">
      <summary>Many steps at once</summary>
      <div className="bulk-row">
        <select aria-label="Item to apply" value={chosen} onChange={(e) => setItem(e.target.value)} disabled={choices.length === 0}>
          {choices.length === 0 && <option value="">add an item on a component first</option>}
          {choices.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        <select aria-label="Same component by" value={by} onChange={(e) => setBy(e.target.value as BulkMatchBy)}>
          <option value="resource-id">same resource-id</option><option value="text">same text</option><option value="xpath">same xpath</option>
        </select>
        <select aria-label="Where" value={scope} onChange={(e) => setScope(e.target.value as BulkScope)}>
          <option value="episode">this episode</option><option value="dataset">every episode</option>
        </select>
        <button type="button" className="btn btn-small" disabled={!chosen} onClick={() => void previewItem()}>Preview</button>
      </div>
      <div className="bulk-row">
        <input aria-label="Copy this state to steps" placeholder="copy state to steps, e.g. 2, 4" value={copyTo} onChange={(e) => setCopyTo(e.target.value)} />
        <button type="button" className="btn btn-small" disabled={!copyTo.trim()} onClick={() => void previewCopy()}>Preview copy</button>
      </div>
      {preview && (
        <div className="bulk-preview" data-bulk-count={preview.changes.length}>
          <p>{preview.changes.length} step{preview.changes.length === 1 ? '' : 's'} would change{preview.skipped.length ? `; ${preview.skipped.length} left alone` : ''}.</p>
          <ol className="bulk-list mono">
            {preview.changes.slice(0, SHOWN).map((c) => <li key={`${c.path}:${c.step}`} title={c.before ?? '(no i.ess)'}>{c.path} · {c.step}: {c.after}{c.dropped?.length ? ` (left out: ${c.dropped.join(', ')})` : ''}</li>)}
            {preview.changes.length > SHOWN && <li className="muted">… and {preview.changes.length - SHOWN} more</li>}
          </ol>
          <button type="button" className="btn btn-small" disabled={preview.changes.length === 0} onClick={() => void apply()}>Apply to {preview.changes.length}</button>
          <button type="button" className="btn btn-small" onClick={() => setPreview(null)}>Cancel</button>
        </div>
      )}
      {applied && (
        <p className="bulk-applied" data-bulk-written={applied.written}>Written on {applied.written} step{applied.written === 1 ? '' : 's'}. <button type="button" className="btn btn-small" onClick={() => void undo()}>Undo all</button></p>
      )}
      {message && <p className="bulk-message" role="status">{message}</p>}
    </details>
  );
}
