import { memo, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TouchstoneClient } from '../../api/client';
import { useEmulatorStore } from './emulator-store';

/** Snapshots of one emulator (real, or an emulator-style virtual device): list, load, save under a name. */
function Snapshots({ client, serial }: { client: TouchstoneClient; serial: string }) {
  const s = useEmulatorStore(useShallow((st) => ({ names: st.snapshots[serial], busy: st.busy, list: st.listSnapshots, save: st.saveSnapshot, load: st.loadSnapshot })));
  const [pick, setPick] = useState('');
  const [name, setName] = useState('');
  const { list } = s;
  useEffect(() => { void list(client, serial); }, [client, serial, list]);
  const names = s.names ?? [];
  const chosen = names.includes(pick) ? pick : names[0] ?? '';
  return (
    <div className="snapshots" aria-label={`Snapshots of ${serial}`} data-snapshots={names.join(' ')}>
      <div className="device-connect">
        <select className="input" aria-label="Snapshot" value={chosen} disabled={!names.length} onChange={(e) => setPick(e.target.value)}>
          {names.length ? names.map((n) => <option key={n} value={n}>{n}</option>) : <option value="">no snapshot yet</option>}
        </select>
        <button type="button" className="btn btn-small" data-action="snapshot-load" disabled={!chosen || !!s.busy} onClick={() => void s.load(client, serial, chosen)}>Load</button>
      </div>
      <form className="device-connect" onSubmit={(e) => { e.preventDefault(); if (name.trim()) void s.save(client, serial, name.trim()).then(() => setName('')); }}>
        <input className="input mono" aria-label="Snapshot name" placeholder="snapshot name" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn btn-small" data-action="snapshot-save" disabled={!name.trim() || !!s.busy}>{s.busy === 'snapshot-save' ? 'Saving…' : 'Save'}</button>
      </form>
    </div>
  );
}

/**
 * The Android SDK's emulators: start an AVD (the buttons stay disabled, with what to install and
 * where, when this machine has no emulator or no AVD), and the snapshots of the selected emulator.
 */
export const EmulatorControls = memo(function EmulatorControls({ client, selected }: { client: TouchstoneClient; selected: string | null }) {
  const s = useEmulatorStore(useShallow((st) => ({ sdk: st.sdk, busy: st.busy, error: st.error, notice: st.notice, loadSdk: st.loadSdk, start: st.startEmulator })));
  const [avd, setAvd] = useState('');
  const { loadSdk } = s;
  useEffect(() => { void loadSdk(client); }, [client, loadSdk]);
  const avds = s.sdk?.avds ?? [];
  const chosen = avds.includes(avd) ? avd : avds[0] ?? '';
  const usable = !!s.sdk?.emulator && avds.length > 0;
  const emulator = selected && /^emulator-\d+$/.test(selected) ? selected : null;
  return (
    <section className="emulator-box" aria-label="Emulators" data-sdk={s.sdk === null ? 'loading' : s.sdk.emulator ? 'found' : 'missing'}>
      <h3>Emulators</h3>
      <div className="device-connect">
        <select className="input" aria-label="AVD" value={chosen} disabled={!usable} onChange={(e) => setAvd(e.target.value)}>
          {avds.length ? avds.map((a) => <option key={a} value={a}>{a}</option>) : <option value="">{s.sdk === null ? 'Looking for the SDK…' : 'no AVD'}</option>}
        </select>
        <button type="button" className="btn btn-small" data-action="start-emulator" disabled={!usable || !!s.busy} onClick={() => void s.start(client, chosen)}
          title="Start the AVD headless and wait until it has booted">{s.busy === 'emulator' ? 'Booting…' : 'Start emulator'}</button>
      </div>
      {s.sdk?.hint && <p className="device-hint sdk-hint" role="note">{s.sdk.hint}</p>}
      {emulator && <Snapshots client={client} serial={emulator} />}
      {s.notice && <p className="muted" role="status">{s.notice}</p>}
      {s.error && <div className="error-box" role="alert">{s.error}</div>}
    </section>
  );
});
