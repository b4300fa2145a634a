import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CheckpointCaseEdit, CheckpointCaseFile } from '../../../../shared/contract/evaluation';
import { useAppStore } from '../../../store';
import './checkpoints.css';

type Status = 'idle' | 'loading' | 'ready' | 'saving' | 'saved' | 'error' | 'conflict';
const EMPTY: CheckpointCaseEdit = { query: '', apps: [], package: [], phrase: [], api: [] };
const FIELDS: { key: 'package' | 'phrase' | 'api'; label: string; hint: string }[] = [
  { key: 'package', label: 'Package', hint: 'com.android.settings' },
  { key: 'phrase', label: 'Key phrase', hint: 'Wi-Fi\n["&", "Beijing", "Shanghai"]' },
  { key: 'api', label: 'API', hint: 'adb shell am start -a android.intent.action.VIEW -d <url>' },
];
const lines = (t: string): string[] => t.split('\n').map((l) => l.trim()).filter(Boolean);

/**
 * Mobile-Bench CheckPoints of the open task, edited beside the essential states: package, key-phrase
 * and API checkpoints, one per line; a line starting with `[` is a group (`[a, b]` in order,
 * `["&", ...]` all, `["|", ...]` any). Saved into `<dataset>/checkpoints.json` atomically, refused
 * when the file changed on disk since it was loaded.
 */
export function CheckpointsPanel() {
  const { client, dataset, taskPath } = useAppStore(useShallow((s) => ({ client: s.client, dataset: s.dataset, taskPath: s.taskPath })));
  const episode = dataset?.tasks.find((t) => t.path === taskPath)?.episode;
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<CheckpointCaseFile | null>(null);
  const [form, setForm] = useState<Record<keyof CheckpointCaseEdit, string>>({ query: '', apps: '', package: '', phrase: '', api: '' });
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const fill = (f: CheckpointCaseFile) => {
    const e = f.edit ?? { ...EMPTY, query: dataset?.tasks.find((t) => t.episode === episode)?.description ?? '' };
    setFile(f);
    setForm({ query: e.query, apps: e.apps.join(', '), package: e.package.join('\n'), phrase: e.phrase.join('\n'), api: e.api.join('\n') });
  };
  const load = useCallback(async () => {
    if (!dataset || !episode) return;
    setStatus('loading');
    try { fill(await client.call('checkpoints:load', { datasetId: dataset.id, episode })); setStatus('ready'); setMessage(''); } catch (err) { setStatus('error'); setMessage((err as Error).message); }
  }, [client, dataset, episode]);
  useEffect(() => { if (open) void load(); }, [open, load]);
  const save = async () => {
    if (!dataset || !episode || !file) return;
    setStatus('saving');
    const edit: CheckpointCaseEdit = { query: form.query, apps: form.apps.split(',').map((a) => a.trim()).filter(Boolean), package: lines(form.package), phrase: lines(form.phrase), api: lines(form.api) };
    try {
      fill(await client.call('checkpoints:save', { datasetId: dataset.id, episode, edit, base: file.version }));
      setStatus('saved'); setMessage(`Saved in ${file.file}.`);
    } catch (err) {
      const m = (err as Error).message;
      setStatus(/changed on disk/.test(m) ? 'conflict' : 'error'); setMessage(m);
    }
  };
  if (!open) return <button className="cp-tab" data-cp-panel="closed" onClick={() => setOpen(true)} title="Mobile-Bench CheckPoints of this task">CheckPoints</button>;
  const n = FIELDS.reduce((k, f) => k + lines(form[f.key]).length, 0);
  return (
    <aside className="cp-panel" data-cp-panel="open" data-cp-state={status} data-episode={episode ?? ''}>
      <header><b>CheckPoints</b> <span className="muted">{n} · {file?.file ?? 'checkpoints.json'}{file?.others ? ` (+${file.others} other tasks)` : ''}</span>
        <button className="btn btn-small" onClick={() => setOpen(false)} title="Close">×</button></header>
      {!episode ? <p className="muted">Open a task to edit its CheckPoints.</p> : (
        <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <label>Query<input data-cp-field="query" value={form.query} onChange={(e) => setForm({ ...form, query: e.target.value })} /></label>
          <label>APP List <span className="muted">(comma-separated)</span><input data-cp-field="apps" value={form.apps} onChange={(e) => setForm({ ...form, apps: e.target.value })} /></label>
          {FIELDS.map((f) => (
            <label key={f.key}>{f.label} <span className="muted">one per line</span>
              <textarea data-cp-field={f.key} rows={3} wrap="off" placeholder={f.hint} value={form[f.key]} onChange={(e) => setForm({ ...form, [f.key]: e.target.value })} />
            </label>
          ))}
          <p className="muted cp-help">Groups: <code>["a", "b"]</code> in order, <code>["&amp;", "a", "b"]</code> all, <code>["|", "a", "b"]</code> any; <code>&lt;x&gt;</code> in an API matches any text.</p>
          {file?.problems.length ? <p className="cp-problems">{file.problems.join(' ')}</p> : null}
          <div className="cp-actions">
            <button className="btn btn-small" type="submit" data-cp-save disabled={status === 'saving' || status === 'loading'}>Save</button>
            <button className="btn btn-small" type="button" onClick={() => void load()}>Reload</button>
          </div>
          {message && <p className={`cp-message ${status}`} role={status === 'error' || status === 'conflict' ? 'alert' : undefined} data-cp-message>{message}</p>}
        </form>
      )}
    </aside>
  );
}
