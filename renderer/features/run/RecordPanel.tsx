import { useState } from 'react';
import type { DeviceInput } from '../../../shared/contract/device';
import type { RecordingState } from './run-store';

interface Props {
  recording: RecordingState;
  device: string | null;
  onStart(description: string): void;
  onInput(input: DeviceInput): void;
  onSave(): void;
  onOpen(path: string): void;
}

/** Recording a demonstration: describe the task, operate the mirror (click, drag, type, keys), save as a ground-truth episode. */
export function RecordPanel({ recording: r, device, onStart, onInput, onSave, onOpen }: Props) {
  const [description, setDescription] = useState('');
  const [text, setText] = useState('');
  const active = r.screen !== null;
  return (
    <section className="record-panel" aria-label="Record a demonstration" data-record-state={r.busy ? 'busy' : active ? 'recording' : r.saved ? 'saved' : 'idle'} data-record-step={r.screen?.step ?? -1}>
      <header className="run-section-head"><h2>Record a demonstration</h2></header>
      {!active && (
        <form className="run-form-row" onSubmit={(e) => { e.preventDefault(); onStart(description); }}>
          <input className="input grow" aria-label="Task description" placeholder="What the demonstration does, e.g. Turn off Wi-Fi" value={description} onChange={(e) => setDescription(e.target.value)} />
          <button className="btn btn-primary" type="submit" data-action="record-start" disabled={!device || !description.trim() || r.busy}>Record on {device ?? 'a device'}</button>
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
            <button type="button" className="btn btn-primary" data-action="record-save" disabled={r.busy} onClick={onSave}>Save as a ground-truth episode ({r.screen!.step + 1} screens)</button>
          </div>
        </>
      )}
      {r.saved && !active && (
        <div className="run-form-row" role="status">
          Saved as <span className="mono">{r.saved}</span>
          <button type="button" className="btn btn-small btn-primary" data-action="open-recorded" onClick={() => onOpen(r.saved!)}>Open to annotate</button>
        </div>
      )}
      {r.error && <div className="error-box" role="alert">{r.error}</div>}
    </section>
  );
}
