import { memo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DeviceInfo, DeviceInput } from '../../../shared/contract/device';
import type { TouchstoneClient } from '../../api/client';
import { EmulatorControls } from './EmulatorControls';
import { useEmulatorStore } from './emulator-store';
import { Mirror } from './Mirror';
import { ReplayPicker } from './ReplayPicker';
import { useRunStore } from './run-store';

function DeviceRow({ d, selected, onSelect, onStop, stopping }: { d: DeviceInfo; selected: boolean; onSelect(): void; onStop?(): void; stopping: boolean }) {
  const usable = d.state === 'device';
  return (
    <li className={`device-row${selected ? ' selected' : ''}`} data-serial={d.serial} data-state={d.state}>
      <div className="device-row-head">
        <button type="button" className="device-pick" disabled={!usable} aria-pressed={selected} onClick={onSelect}>
          <span className={`device-dot ${usable ? 'ok' : 'bad'}`} aria-hidden />
          <span className="mono">{d.serial}</span>
          <span className="muted">{d.kind}</span>
        </button>
        {onStop && <button type="button" className="btn btn-small" data-action="stop-device" disabled={stopping} onClick={onStop} aria-label={`Stop ${d.serial}`}
          title={/^emulator-\d+$/.test(d.serial) ? 'Stop this emulator (console kill)' : 'Stop this virtual device'}>{stopping ? 'Stopping…' : 'Stop'}</button>}
      </div>
      {usable ? (
        <div className="device-meta muted">{d.model ?? '?'} · API {d.apiLevel ?? '?'}{d.screen ? ` · ${d.screen.width}×${d.screen.height}` : ''}</div>
      ) : (
        <div className="device-hint" role="note"><b>{d.state}</b>: {d.hint ?? 'not usable'}</div>
      )}
    </li>
  );
}

/**
 * The devices adb sees (live), connecting one by host:port, starting a virtual phone, and the
 * mirror of the selected device (with the numbered hierarchy on demand). While recording, the
 * mirror takes clicks and drags as inputs.
 */
export const DevicePanel = memo(function DevicePanel({ client, onInput, refresh }: { client: TouchstoneClient; onInput?: (i: DeviceInput) => void; refresh?: number }) {
  const s = useRunStore(useShallow((st) => ({ devices: st.devices, error: st.devicesError, selected: st.selected, busy: st.busy, select: st.select, connect: st.connect, startVirtual: st.startVirtual })));
  const emu = useEmulatorStore(useShallow((st) => ({ busy: st.busy, stop: st.stopDevice })));
  const [address, setAddress] = useState('');
  const [boxes, setBoxes] = useState(false);
  const [replay, setReplay] = useState(false);
  // A device running an episode shows each step on its tile: its mirror refreshes once a second.
  const running = useRunStore((st) => st.run?.status === 'running' && !!st.selected && st.selected in st.run.running);
  return (
    <section className="device-panel" aria-label="Devices" data-device-count={s.devices.filter((d) => d.state === 'device').length}>
      <header className="run-section-head">
        <h2>Devices</h2>
        <button type="button" className="btn btn-small" data-action="start-virtual" disabled={s.busy === 'virtual'} onClick={() => void s.startVirtual(client)}
          title="Start a Touchstone virtual phone (demo world) and connect adb to it">{s.busy === 'virtual' ? 'Starting…' : '+ Virtual device'}</button>
        <button type="button" className={`btn btn-small${replay ? ' active' : ''}`} data-action="replay-episode" aria-expanded={replay} onClick={() => setReplay(!replay)}
          title="Start a virtual phone replaying an episode of the open dataset">+ Replay…</button>
      </header>
      {replay && <ReplayPicker client={client} onDone={() => setReplay(false)} />}
      <ul className="device-list">
        {s.devices.length === 0 && <li className="muted">No device. Start a virtual device, connect one by host:port, or plug a phone in with USB debugging on.</li>}
        {s.devices.map((d) => (
          <DeviceRow key={d.serial} d={d} selected={d.serial === s.selected} onSelect={() => s.select(d.serial)} stopping={emu.busy === `stop:${d.serial}`}
            onStop={d.kind === 'virtual' || d.kind === 'emulator' ? () => void emu.stop(client, d) : undefined} />
        ))}
      </ul>
      <form className="device-connect" onSubmit={(e) => { e.preventDefault(); if (address.trim()) void s.connect(client, address.trim()); }}>
        <input aria-label="Device address host:port" placeholder="host:port" value={address} onChange={(e) => setAddress(e.target.value)} className="input mono" />
        <button className="btn btn-small" type="submit" disabled={s.busy === 'connect' || !address.trim()}>Connect</button>
      </form>
      {s.error && <div className="error-box" role="alert">{s.error}</div>}
      {s.selected && (
        <div className="mirror-wrap">
          <label className="muted mirror-toggle"><input type="checkbox" checked={boxes} onChange={(e) => setBoxes(e.target.checked)} /> Numbered components</label>
          <Mirror client={client} serial={s.selected} fps={running ? 1 : 4} boxes={boxes} onInput={onInput} refresh={refresh} />
        </div>
      )}
      <EmulatorControls client={client} selected={s.selected} />
    </section>
  );
});
