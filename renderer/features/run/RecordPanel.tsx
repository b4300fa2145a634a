import { useState } from 'react';
import type { DeviceInput } from '../../../shared/contract/device';
import { RECORD_START_FROM, type RecordStartFrom } from '../../../shared/contract/run-defaults';
import type { RecordingName, RecordingState } from './run-store';

interface Props {
  recording: RecordingState;
  device: string | null;
  onStart(name: RecordingName): void;
  onInput(input: DeviceInput): void;
  onSave(): void;
  onUndo(): void;
  onDiscard(): void;
  onOpen(path: string): void;
}

/** Recording a demonstration: name the task (id, instruction, app, folder), operate the mirror (click, drag, type, keys), undo, save as a ground-truth episode or discard. */
export function RecordPanel({ recording: r, device, onStart, onInput, onSave, onUndo, onDiscard, onOpen }: Props) {
  const [name, setName] = useState<RecordingName>({ episode: '', description: '', app: '', category: 'general', startFrom: 'current' });
  const field = (k: keyof RecordingName) => (e: { target: { value: string } }) => setName((n) => ({ ...n, [k]: e.target.value }));
  const named = name.episode.trim() && name.description.trim() && name.app.trim();
  const [text, setText] = useState('');
  const active = r.screen !== null;
  return (
    <section className="record-panel" aria-label="Record a demonstration" data-record-state={r.busy ? 'busy' : active ? 'recording' : r.saved ? 'saved' : 'idle'} data-record-step={r.screen?.step ?? -1}>
      <header className="run-section-head"><h2>Record a demonstration</h2></header>
      {!active && (
        <form className="record-name" onSubmit={(e) => { e.preventDefault(); onStart(name); }}>
          <div className="run-form-row">
            <input className="input" aria-label="Task id" placeholder="Task id, e.g. settings_wifi_off" value={name.episode} onChange={field('episode')} />
            <input className="input" aria-label="App" placeholder="App, e.g. com.android.settings" value={name.app} onChange={field('app')} />
            <input className="input" aria-label="Folder" title="Folder inside the dataset: the episode goes to <folder>/trace_<task id>" placeholder="Folder" value={name.category} onChange={field('category')} />
            <label className="muted">Start from{' '}
              <select className="input" aria-label="Start from" value={name.startFrom} onChange={(e) => setName((n) => ({ ...n, startFrom: e.target.value as RecordStartFrom }))}>
                {(Object.keys(RECORD_START_FROM) as RecordStartFrom[]).map((k) => <option key={k} value={k}>{RECORD_START_FROM[k]}</option>)}
              </select>
            </label>
          </div>
          <div className="run-form-row">
            <input className="input grow" aria-label="Task description" placeholder="Instruction: what the demonstration does, e.g. Turn off Wi-Fi" value={name.description} onChange={field('description')} />
            <button className="btn btn-primary" type="submit" data-action="record-start" disabled={!device || !named || r.busy}>Record on {device ?? 'a device'}</button>
          </div>
          <p className="muted">Saved as <span className="mono">{name.category.trim() || 'general'}/trace_{name.episode.trim() || '<task id>'}</span> in the dataset.</p>
        </form>
      )}
      {active && (
        <>
          <p className="muted">Recording on <span className="mono">{device}</span>: click the screen on the left to tap, drag to swipe. Screen {r.screen!.step} · {r.screen!.activity}</p>
          <div className="run-form-row">
            <button type="button" className="btn btn-small" data-action="key-back" disabled={r.busy} onClick={() => onInput({ kind: 'back' })}>◁ Back</button>
            <button type="button" className="btn btn-small" data-action="key-home" disabled={r.busy} onClick={() => onInput({ kind: 'home' })}>○ Home</button>
            <button type="button" className="btn btn-small" data-action="key-enter" disabled={r.busy} onClick={() => onInput({ kind: 'enter' })}>↵ Enter</button>
          </div>
          <form className="run-form-row" onSubmit={(e) => { e.preventDefault(); if (text) { onInput({ kind: 'type', text }); setText(''); } }}>
            <input className="input grow" aria-label="Text to type" placeholder="Text to type into the focused field" value={text} onChange={(e) => setText(e.target.value)} />
            <button className="btn btn-small" type="submit" disabled={!text || r.busy}>Type</button>
          </form>
          <ol className="record-actions" aria-label="Recorded actions">
            {r.actions.map((a, i) => <li key={i}><span className="mono">{i}</span> {a}</li>)}
          </ol>
          <div className="run-form-row">
            <button type="button" className="btn btn-small" data-action="record-undo" disabled={r.busy || !r.actions.length} onClick={onUndo}>↶ Undo last action</button>
            <button type="button" className="btn btn-primary" data-action="record-save" disabled={r.busy} onClick={onSave}>Save as a ground-truth episode ({r.screen!.step + 1} screens)</button>
            <button type="button" className="btn btn-small" data-action="record-discard" disabled={r.busy} onClick={onDiscard}>Discard</button>
          </div>
        </>
      )}
      {r.saved && !active && (
        <div className="run-form-row" role="status">
          Saved as <span className="mono">{r.saved}</span>
          <button type="button" className="btn btn-small btn-primary" data-action="open-recorded" onClick={() => onOpen(r.saved!)}>Open to annotate</button>
        </div>
      )}
      {r.notice && <p className="muted" role="status" data-record-notice>{r.notice}</p>}
      {r.error && <div className="error-box" role="alert">{r.error}</div>}
    </section>
  );
}
