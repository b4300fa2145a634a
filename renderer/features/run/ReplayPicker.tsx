import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TouchstoneClient } from '../../api/client';
import { useAppStore } from '../../store';
import { useEmulatorStore } from './emulator-store';

/** Starts a virtual device that replays one recorded episode of the open dataset (task, then its episode folder). */
export function ReplayPicker({ client, onDone }: { client: TouchstoneClient; onDone(): void }) {
  const dataset = useAppStore((s) => s.dataset);
  const s = useEmulatorStore(useShallow((st) => ({ busy: st.busy, start: st.startReplay })));
  const [query, setQuery] = useState('');
  const [path, setPath] = useState('');
  const tasks = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (dataset?.tasks ?? []).filter((t) => !q || `${t.episode} ${t.app} ${t.description} ${t.path}`.toLowerCase().includes(q)).slice(0, 200);
  }, [dataset, query]);
  if (!dataset) return null;
  const chosen = tasks.some((t) => t.path === path) ? path : tasks[0]?.path ?? '';
  return (
    <form className="replay-picker" aria-label="Replay an episode" onSubmit={(e) => { e.preventDefault(); if (chosen) void s.start(client, dataset.id, chosen).then(() => { if (!useEmulatorStore.getState().error) onDone(); }); }}>
      <input className="input" aria-label="Filter episodes" placeholder="Filter episodes (id, app, words)" value={query} onChange={(e) => setQuery(e.target.value)} />
      <select className="input" aria-label="Episode to replay" size={Math.min(6, Math.max(2, tasks.length))} value={chosen} onChange={(e) => setPath(e.target.value)}>
        {tasks.map((t) => <option key={t.path} value={t.path}>{t.episode} · {t.description} ({t.nsteps} steps, {t.path})</option>)}
      </select>
      <div className="device-connect">
        <span className="muted grow">A virtual phone that shows this episode's recorded screens and follows its actions.</span>
        <button type="submit" className="btn btn-small btn-primary" data-action="start-replay" disabled={!chosen || !!s.busy}>{s.busy === 'replay' ? 'Starting…' : 'Start replay'}</button>
      </div>
    </form>
  );
}
