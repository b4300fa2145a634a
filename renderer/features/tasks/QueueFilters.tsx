import { useMemo } from 'react';
import type { TaskEntry } from '../../../shared/contract';
import { STATUS_LABELS, queueFacets, type QueueFilter, type StatusFilter } from './queue-filter';

const num = (v: string): number | null => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Math.max(0, Math.round(Number(v))));

/** The queue's filters: status, app, category, and the number of steps (from–to). */
export function QueueFilters({ tasks, value, onChange }: { tasks: readonly TaskEntry[]; value: QueueFilter; onChange(f: QueueFilter): void }) {
  const facets = useMemo(() => queueFacets(tasks), [tasks]);
  const set = (p: Partial<QueueFilter>) => onChange({ ...value, ...p });
  return (
    <div className="queue-filters" role="group" aria-label="Queue filters">
      <select aria-label="Status" value={value.status} onChange={(e) => set({ status: e.target.value as StatusFilter })}>
        {(Object.keys(STATUS_LABELS) as StatusFilter[]).map((k) => <option key={k} value={k}>{STATUS_LABELS[k]}</option>)}
      </select>
      <select aria-label="App" value={value.app} onChange={(e) => set({ app: e.target.value })}>
        <option value="">Any app</option>
        {facets.apps.map(([a, n]) => <option key={a} value={a}>{a} ({n})</option>)}
      </select>
      <select aria-label="Category" value={value.category} onChange={(e) => set({ category: e.target.value })}>
        <option value="">Any category</option>
        {facets.categories.map(([c, n]) => <option key={c} value={c}>{c} ({n})</option>)}
      </select>
      <span className="steps-range">
        steps
        <input type="number" min={0} aria-label="At least this many steps" placeholder="min" value={value.minSteps ?? ''} onChange={(e) => set({ minSteps: num(e.target.value) })} />
        –
        <input type="number" min={0} aria-label="At most this many steps" placeholder="max" value={value.maxSteps ?? ''} onChange={(e) => set({ maxSteps: num(e.target.value) })} />
      </span>
    </div>
  );
}
