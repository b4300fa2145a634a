import { useEffect, useState } from 'react';
import type { EvalSpec, FolderKind, RecentEvaluation } from '../../../shared/contract/evaluation';
import type { TouchstoneClient } from '../../api/client';
import { useAppStore } from '../../store';
import { DEFAULT_PERSIST, PERSIST_RULES, type PersistRule } from '../../../shared/evaluation/persistence';
import { draftOf, type EvalDraft } from './eval-draft';
import { useEvalStore } from './eval-store';
import { OfferedAgents, RecentEvaluations } from './OfferedAgents';

interface AgentRow { name: string; path: string; kind?: FolderKind }

const describe = (k: FolderKind | undefined): string => {
  if (!k) return '';
  switch (k.kind) {
    case 'dataset': return `dataset, ${k.episodes} episode(s)`;
    case 'trace': return `one ${k.layout} trace (episode ${k.episode})`;
    case 'traces': return `${k.traces} trace(s) (${k.layouts.join(', ')})`;
    case 'unknown': return k.reason;
  }
};

/**
 * Choose what to evaluate: a dataset folder, one traces folder per agent and optionally a human-label
 * CSV. Each folder is inspected as it is typed in, so a trace given as the dataset (or a dataset as
 * traces) is said and can be moved to the right slot.
 */
export function EvalOpenForm({ client }: { client: TouchstoneClient }) {
  const { open, status, error, progress, prefill, draft, setDraft } = useEvalStore();
  // Start from what the form held when it closed, else the dataset open in the app (its traces are offered at once).
  const [dataset, setDataset] = useState(() => draft?.dataset || useAppStore.getState().dataset?.root || '');
  const [dsKind, setDsKind] = useState<FolderKind>();
  const [agents, setAgents] = useState<AgentRow[]>(() => (prefill?.agents?.length ? [...prefill.agents] : draft?.agents.length ? draft.agents.map((a) => ({ ...a })) : [{ name: '', path: '' }]));
  const [human, setHuman] = useState(() => draft?.human ?? '');
  // '' leaves the rule to the server (`serve --persist`, else DEFAULT_PERSIST).
  const [persist, setPersist] = useState<PersistRule | ''>('');
  const serverPersist = useAppStore((s) => s.info?.evalPersist) ?? DEFAULT_PERSIST;
  // Recent evaluations are kept by the core (its state folder), so every window and the next start see them.
  const [recent, setRecent] = useState<RecentEvaluation[]>([]);
  useEffect(() => { void client.call('eval:recent', {}).then(setRecent, () => setRecent([])); }, [client]);
  useEffect(() => setDraft({ dataset, agents: agents.map((a) => ({ name: a.name, path: a.path })), human }), [dataset, agents, human, setDraft]);
  // The kept dataset is inspected once on opening, so its trace folders are offered with nothing typed.
  useEffect(() => { if (dataset.trim()) void inspect(dataset).then(setDsKind); }, []); // on mount only: later changes are inspected on blur
  const fill = (d: EvalDraft) => { setDataset(d.dataset); setAgents(d.agents.length ? d.agents : [{ name: '', path: '' }]); setHuman(d.human); void inspect(d.dataset).then(setDsKind); };
  const addAgent = (row: { name: string; path: string }) => setAgents((xs) => [...xs.filter((a) => a.path.trim() || a.name.trim()), row]);
  const inspect = (p: string): Promise<FolderKind | undefined> => (p.trim() ? client.call('eval:inspect', { path: p.trim() }).catch((e: Error) => ({ kind: 'unknown', path: p, reason: e.message }) as FolderKind) : Promise.resolve(undefined));

  const setAgent = (i: number, patch: Partial<AgentRow>) => setAgents((xs) => xs.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const checkAgent = (i: number, p: string) => void inspect(p).then((kind) => setAgent(i, { kind }));
  const moveDatasetToAgents = () => {
    setAgents((xs) => [...xs.filter((a) => a.path), { name: dataset.split(/[\\/]/).filter(Boolean).pop() ?? 'agent', path: dataset, kind: dsKind }]);
    setDataset('');
  };
  const ready = dataset.trim() && agents.some((a) => a.path.trim());
  const submit = () => {
    const spec: EvalSpec = {
      dataset: dataset.trim(),
      agents: agents.filter((a) => a.path.trim()).map((a, i) => ({ name: a.name.trim() || a.path.split(/[\\/]/).filter(Boolean).pop() || `agent${i + 1}`, path: a.path.trim() })),
      ...(human.trim() ? { human: human.trim() } : {}),
      ...(persist ? { persist } : {}),
    };
    void open(client, spec);
  };
  return (
    <main className="open-view">
      <form className="open-card eval-open" onSubmit={(e) => { e.preventDefault(); if (ready) submit(); }}>
        <h1>Open an evaluation</h1>
        <p className="muted">A dataset, and one folder of traces per agent (LlamaTouch <code>captured_data/</code>, AppAgent CSV, DroidBot/AutoDroid output, or a single trace).</p>
        <label htmlFor="eval-dataset">Dataset folder</label>
        <input id="eval-dataset" className="path-input" value={dataset} spellCheck={false} onChange={(e) => { setDataset(e.target.value); setDsKind(undefined); }}
          onBlur={(e) => void inspect(e.target.value).then(setDsKind)} placeholder="/data/llamatouch/dataset" />
        <div className="folder-kind" data-kind={dsKind?.kind ?? ''}>{describe(dsKind)}
          {(dsKind?.kind === 'trace' || dsKind?.kind === 'traces') && (
            <> — this is an agent's traces folder, not a dataset. <button type="button" className="btn btn-small" onClick={moveDatasetToAgents}>Use it as an agent's traces</button></>
          )}
        </div>
        {dsKind?.kind === 'dataset' && dsKind.offered && <OfferedAgents offered={dsKind.offered} taken={new Set(agents.map((a) => a.path))} onAdd={addAgent} />}
        <fieldset className="agents">
          <legend>Agents</legend>
          {agents.map((a, i) => (
            <div className="agent-row" key={i}>
              <input aria-label={`Agent ${i + 1} name`} className="agent-name" value={a.name} placeholder="name" onChange={(e) => setAgent(i, { name: e.target.value })} />
              <input aria-label={`Agent ${i + 1} traces folder`} className="path-input" value={a.path} spellCheck={false} placeholder="/runs/agent/traces"
                onChange={(e) => setAgent(i, { path: e.target.value, kind: undefined })} onBlur={(e) => checkAgent(i, e.target.value)} />
              <span className="folder-kind" data-kind={a.kind?.kind ?? ''}>{a.kind?.kind === 'dataset' ? 'this is a dataset, not traces' : describe(a.kind)}</span>
            </div>
          ))}
          <button type="button" className="btn btn-small" onClick={() => setAgents((xs) => [...xs, { name: '', path: '' }])}>Add agent</button>
        </fieldset>
        <label htmlFor="eval-human">Human labels (episode,human CSV; optional, created on the first label)</label>
        <input id="eval-human" className="path-input" value={human} spellCheck={false} onChange={(e) => setHuman(e.target.value)} placeholder="/runs/human_labels.csv" />
        <label htmlFor="eval-persist">Final state must persist (fixed mode; as touchstone eval --persist)</label>
        <select id="eval-persist" value={persist} onChange={(e) => setPersist(e.target.value as PersistRule | '')}>
          <option value="">server default ({serverPersist})</option>
          {PERSIST_RULES.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
        <RecentEvaluations recent={recent} onPick={(s) => fill(draftOf(s))} />
        <button className="btn btn-primary" type="submit" disabled={!ready || status === 'loading'}>Evaluate</button>
        {progress && <EvalProgress client={client} />}
        {error && <div className="error-box" role="alert">{error}</div>}
      </form>
    </main>
  );
}

/** The running open's progress, with a way to stop it. */
export function EvalProgress({ client }: { client?: TouchstoneClient }) {
  const { progress, cancel } = useEvalStore();
  if (!progress) return null;
  const pct = progress.total ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <div className="progress eval-progress" data-eval-progress={pct}>
      <div className="progress-bar" style={{ width: `${pct}%` }} />
      <span>{progress.phase ?? 'starting'} · {progress.done}/{progress.total || '…'}</span>
      {client && <button className="btn btn-small" type="button" onClick={() => void cancel(client)}>Stop</button>}
    </div>
  );
}
