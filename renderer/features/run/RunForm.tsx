import { memo, useMemo, useState } from 'react';
import type { DatasetOverview } from '../../../shared/contract';
import type { RunConfigChoice, RunReset } from '../../../shared/contract/run';
import { useAppStore } from '../../store';
import { filterTasks } from '../tasks/filter-tasks';
import { RUN_DEFAULTS, runOutFolder } from '../../../shared/contract/run-defaults';
import { checkAgentSettings, useAgentKinds } from './form/check-agent-settings';
import { AgentSettings } from './form/AgentSettings';
import { AgentChoice } from './form/AgentChoice';
import { useApiKeys } from './form/ApiKeys';
import { ResetChoice, resetProblem } from './form/ResetChoice';
import { DeviceConfigs } from './form/DeviceConfigs';
import { choiceProblem, useConfigPreview } from './form/device-configs';
import { loadConfigs, saveConfig, type RunConfig } from './run-configs';
import './form/run-form.css';

export interface RunFormValue {
  tasks: string[]; agent: string; devices: string[]; repeat: number; maxSteps: number;
  /** `<agent>.<key>` settings and stored key names, as `run:start` takes them. */
  agentSettings: Record<string, string>; secretSettings: Record<string, string>; reset: RunReset;
  /** Device configurations the run uses (none: the devices as they are). */
  configs?: RunConfigChoice;
  /** Replay each task's recording first and quarantine those that no longer complete. */
  canary: boolean;
  /** Output folder relative to the dataset; absent: the core's default (runOutFolder, `runs/<timestamp>`). */
  out?: string;
}

type PerAgent = Record<string, Record<string, string>>;

interface Props {
  dataset: DatasetOverview;
  devices: string[];
  disabled: boolean;
  onStart(v: RunFormValue): void;
}

/** Tasks (filtered from the open dataset), agent and its settings, devices, repeats, step limit, reset; saved as named configurations. */
export const RunForm = memo(function RunForm({ dataset, devices, disabled, onStart }: Props) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [agent, setAgent] = useState('replay');
  const [repeat, setRepeat] = useState<number>(RUN_DEFAULTS.repeat);
  const [maxSteps, setMaxSteps] = useState<number>(RUN_DEFAULTS.maxSteps);
  const [useDevices, setUseDevices] = useState<Set<string> | null>(null);
  const [configs, setConfigs] = useState<RunConfig[]>(() => loadConfigs());
  const [configName, setConfigName] = useState('');
  const [values, setValues] = useState<PerAgent>({});
  const [keyNames, setKeyNames] = useState<PerAgent>({});
  const [reset, setReset] = useState<RunReset>({ method: 'task' });
  const [canary, setCanary] = useState<boolean>(RUN_DEFAULTS.canaryInRunView);
  const [devConfigs, setDevConfigs] = useState<RunConfigChoice | null>(null);
  const [out, setOut] = useState('');
  const client = useAppStore((s) => s.client);
  const keys = useApiKeys(client);
  const preview = useConfigPreview(client, dataset.id, devConfigs);
  const stored = useMemo(() => keys.list?.secrets.map((x) => x.name) ?? [], [keys.list]);
  const kinds = useAgentKinds(client);
  const info = kinds.kinds?.find((k) => k.name === agent);
  const checked = useMemo(() => checkAgentSettings(info, values[agent] ?? {}, keyNames[agent] ?? {}, stored), [info, agent, values, keyNames, stored]);
  const kindProblem = kinds.error ?? (kinds.kinds && !info ? `No agent "${agent}" in this version; pick another.` : null);
  const problems = [...checked.errors.map((e) => e.message), kindProblem, resetProblem(reset), choiceProblem(devConfigs, preview.error)].filter((x): x is string => !!x);
  const categories = useMemo(() => [...new Set(dataset.tasks.map((t) => t.category))].sort(), [dataset]);
  const shown = useMemo(() => filterTasks(dataset.tasks, query).filter((t) => !category || t.category === category), [dataset, query, category]);
  const chosenDevices = devices.filter((d) => useDevices === null || useDevices.has(d));
  const tasks = dataset.tasks.filter((t) => picked.has(t.episode)).map((t) => t.episode);
  const toggle = <T,>(set: Set<T>, v: T): Set<T> => { const n = new Set(set); if (n.has(v)) n.delete(v); else n.add(v); return n; };
  const apply = (c: RunConfig) => {
    setAgent(c.agent); setRepeat(c.repeat); setMaxSteps(c.maxSteps); setQuery(c.query); setCategory(c.category); setConfigName(c.name);
    setValues((v) => ({ ...v, [c.agent]: c.values ?? {} })); setKeyNames((v) => ({ ...v, [c.agent]: c.keyNames ?? {} })); setReset(c.reset ?? { method: 'task' });
    setDevConfigs(c.deviceConfigs ?? null);
  };
  const set = (which: typeof setValues, key: string, v: string) => which((all) => ({ ...all, [agent]: { ...all[agent], [key]: v } }));

  return (
    <form className="run-form" aria-label="Run form" onSubmit={(e) => {
      e.preventDefault();
      if (!problems.length) onStart({ tasks, agent, devices: chosenDevices, repeat, maxSteps, agentSettings: checked.agentSettings, secretSettings: checked.secretSettings, reset, canary, ...(devConfigs ? { configs: devConfigs } : {}), ...(out.trim() ? { out: out.trim() } : {}) });
    }}>
      <header className="run-section-head">
        <h2>New run</h2>
        <select aria-label="Saved configurations" className="input" value="" onChange={(e) => { const c = configs.find((x) => x.name === e.target.value); if (c) apply(c); }}>
          <option value="">Saved configurations…</option>
          {configs.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
        </select>
      </header>
      <div className="run-form-row">
        <input className="input" aria-label="Filter tasks" placeholder="Filter tasks (id, app, words)" value={query} onChange={(e) => setQuery(e.target.value)} />
        <select className="input" aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">All categories</option>
          {categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        <button type="button" className="btn btn-small" onClick={() => setPicked(new Set([...picked, ...shown.map((t) => t.episode)]))}>Select shown</button>
        <button type="button" className="btn btn-small" onClick={() => setPicked(new Set())}>Clear</button>
      </div>
      <ul className="run-task-list" aria-label="Tasks">
        {shown.map((t) => (
          <li key={t.episode}>
            <label data-episode={t.episode}>
              <input type="checkbox" checked={picked.has(t.episode)} onChange={() => setPicked(toggle(picked, t.episode))} />
              <span className="mono">{t.episode}</span> <span className="muted">{t.app}</span> {t.description}
            </label>
          </li>
        ))}
      </ul>
      <div className="run-form-row">
        <AgentChoice kinds={kinds.kinds} agent={agent} onChange={setAgent} />
        <label>Repeats <input className="input num" type="number" min={1} max={50} aria-label="Repeats" value={repeat} onChange={(e) => setRepeat(Math.max(1, Number(e.target.value) || 1))} /></label>
        <label>Step limit <input className="input num" type="number" min={1} max={200} aria-label="Step limit" value={maxSteps} onChange={(e) => setMaxSteps(Math.max(1, Number(e.target.value) || 1))} /></label>
        <ResetChoice value={reset} onChange={setReset} />
        <label title="Before the batch, replay each task's own recording on each device kind and leave out the tasks it no longer completes">
          <input type="checkbox" aria-label="Canary" checked={canary} onChange={(e) => setCanary(e.target.checked)} /> Canary
        </label>
      </div>
      <AgentSettings info={info} values={values[agent] ?? {}} keyNames={keyNames[agent] ?? {}} errors={checked.errors} keys={keys}
        onValue={(k, v) => set(setValues, k, v)} onKeyName={(k, v) => set(setKeyNames, k, v)} />
      <DeviceConfigs value={devConfigs} preview={preview} onChange={setDevConfigs} />
      {problems.length > checked.errors.length && <ul className="form-errors" aria-live="polite">{problems.slice(checked.errors.length).map((p) => <li key={p}>{p}</li>)}</ul>}
      <fieldset className="run-form-row run-devices">
        <legend>Devices</legend>
        {devices.length === 0 && <span className="muted">No usable device: start a virtual device on the left.</span>}
        {devices.map((d) => (
          <label key={d}><input type="checkbox" checked={useDevices === null || useDevices.has(d)} onChange={() => setUseDevices(toggle(useDevices ?? new Set(devices), d))} /> <span className="mono">{d}</span></label>
        ))}
      </fieldset>
      <div className="run-form-row">
        <label className="grow" title="Where the traces go, inside the dataset folder; empty: a new folder named by the start time">Output folder{' '}
          <input className="input" aria-label="Output folder" placeholder={runOutFolder().replace(/T.*$/, 'T<time>')} value={out} onChange={(e) => setOut(e.target.value)} />
        </label>
        <span className="muted mono" data-run-out>{dataset.root}/{out.trim() || 'runs/<start time>'}</span>
      </div>
      <div className="run-form-row">
        <button className="btn btn-primary" type="submit" data-action="start-run" disabled={disabled || !kinds.kinds || !tasks.length || !chosenDevices.length || problems.length > 0 || (devConfigs !== null && (preview.loading || !preview.chosenCount))}
          title={problems.length ? problems.join('\n') : undefined}>
          Run {tasks.length} task{tasks.length === 1 ? '' : 's'} × {repeat} on {chosenDevices.length} device{chosenDevices.length === 1 ? '' : 's'}{devConfigs ? ` under ${preview.chosenCount} configuration${preview.chosenCount === 1 ? '' : 's'}` : ''}
        </button>
        <span className="spacer" />
        <input className="input" aria-label="Configuration name" placeholder="Name this configuration" value={configName} onChange={(e) => setConfigName(e.target.value)} />
        <button type="button" className="btn btn-small" disabled={!configName.trim()} onClick={() => setConfigs(saveConfig({ name: configName.trim(), agent, repeat, maxSteps, query, category, values: values[agent], keyNames: keyNames[agent], reset, ...(devConfigs ? { deviceConfigs: devConfigs } : {}) }))}>Save</button>
      </div>
    </form>
  );
});
