import type { RunReset, RunResetMethod } from '../../../../shared/contract/run';

const METHODS: { value: RunResetMethod; label: string; title: string }[] = [
  { value: 'task', label: 'per task', title: "As the dataset says: touchstone-tasks.json (a snapshot, apps to clear, setup commands), else clear the task's app; then HOME" },
  { value: 'clear-app', label: "clear the task's app", title: "Clear the task's app data (ignoring touchstone-tasks.json), then HOME" },
  { value: 'home', label: 'HOME only', title: 'Press HOME; app data stays as the last episode left it' },
  { value: 'snapshot', label: 'emulator snapshot', title: 'Load this emulator snapshot before each task (emulators and virtual devices with a console only)' },
  { value: 'none', label: 'none', title: 'Leave the device exactly as it is' },
];

/** What a snapshot reset needs, or null. */
export function resetProblem(r: RunReset): string | null {
  if (r.method !== 'snapshot') return null;
  const s = (r.snapshot ?? '').trim();
  if (!s) return 'Reset: give the snapshot\'s name (e.g. clean).';
  return /^[\w.-]{1,64}$/.test(s) ? null : `Reset: a snapshot name is letters, digits, '.', '_' or '-'; got "${s}".`;
}

/** The reset method: how each device is brought to a task's start. */
export function ResetChoice({ value, onChange }: { value: RunReset; onChange(r: RunReset): void }) {
  const m = METHODS.find((x) => x.value === value.method) ?? METHODS[0]!;
  return (
    <label title={m.title}>Reset
      <select className="input" aria-label="Reset method" value={value.method} onChange={(e) => onChange({ method: e.target.value as RunResetMethod, ...(e.target.value === 'snapshot' ? { snapshot: value.snapshot ?? '' } : {}) })}>
        {METHODS.map((x) => <option key={x.value} value={x.value} title={x.title}>{x.label}</option>)}
      </select>
      {value.method === 'snapshot' && <input className="input" aria-label="Snapshot name" placeholder="snapshot name" value={value.snapshot ?? ''} onChange={(e) => onChange({ method: 'snapshot', snapshot: e.target.value })} />}
    </label>
  );
}
