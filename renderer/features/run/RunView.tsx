import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DeviceInput } from '../../../shared/contract/device';
import { useKeymap } from '../../keymap/use-keymap';
import { useAppStore } from '../../store';
import { useEvalStore } from '../evaluate/eval-store';
import { DevicePanel } from './DevicePanel';
import { LiveRun } from './LiveRun';
import { RunConfigsLive } from './form/RunConfigsLive';
import { RecordPanel } from './RecordPanel';
import { RecentRuns } from './RecentRuns';
import type { EvalSpec } from '../../../shared/contract/evaluation';
import { RunForm, type RunFormValue } from './RunForm';
import { useRunStore } from './run-store';
import './run.css';

/** Each episode's device configuration and the breakdown: subscribes to the live run itself, so the view does not. */
function ConfigsLive({ client }: { client: Parameters<typeof RunConfigsLive>[0]['client'] }) {
  const live = useRunStore((s) => s.run);
  return live ? <RunConfigsLive run={live} client={client} /> : null;
}

/**
 * The run view: devices and the mirror on the left; on the right either a run (the form, then
 * the live tiles) or a demonstration being recorded on the mirrored screen.
 */
export function RunView() {
  const app = useAppStore(useShallow((s) => ({ client: s.client, dataset: s.dataset, openPath: s.openPath, setView: s.setView })));
  const run = useRunStore(useShallow((s) => ({
    runActive: s.run?.status === 'running', recording: s.recording, devices: s.devices, selected: s.selected, attach: s.attach, refreshDevices: s.refreshDevices, start: s.start,
    cancelRun: s.cancelRun, cancelEpisode: s.cancelEpisode, recordStart: s.recordStart, recordAct: s.recordAct, recordSave: s.recordSave, recordUndo: s.recordUndo, recordDiscard: s.recordDiscard, startVirtual: s.startVirtual,
  })));
  const [tab, setTab] = useState<'run' | 'record'>('run');
  const [refresh, setRefresh] = useState(0);
  const { client, dataset } = app;
  useEffect(() => {
    const off = run.attach(client);
    void run.refreshDevices(client);
    return off;
  }, [client, run.attach, run.refreshDevices]);

  const usableKey = run.devices.filter((d) => d.state === 'device').map((d) => d.serial).join('\n');
  const usable = useMemo(() => (usableKey ? usableKey.split('\n') : []), [usableKey]);
  const datasetId = dataset?.id;
  const start = run.start;
  // Stable, so the form (and its task list) does not re-render on every live step.
  const onStart = useCallback((v: RunFormValue) => {
    if (datasetId) {
      void start(client, { datasetId, tasks: v.tasks, agents: [v.agent], devices: v.devices, repeat: v.repeat, maxSteps: v.maxSteps, agentSettings: v.agentSettings, secretSettings: v.secretSettings, reset: v.reset, configs: v.configs, canary: v.canary, ...(v.out ? { out: v.out } : {}) });
    }
  }, [client, datasetId, start]);
  const recording = tab === 'record' && run.recording.screen !== null;
  const recordAct = run.recordAct;
  const onInput = useCallback((i: DeviceInput) => { void recordAct(client, i).then(() => setRefresh((n) => n + 1)); }, [client, recordAct]);
  useKeymap('run', useMemo(() => [
    { keys: ['v'], label: 'Start a virtual device', group: 'Devices', run: () => void useRunStore.getState().startVirtual(client) },
    { keys: ['r'], label: 'Show the run form / live run', group: 'View', run: () => setTab('run') },
    { keys: ['d'], label: 'Record a demonstration', group: 'View', run: () => setTab('record') },
    { keys: ['Alt+b'], label: 'Back (while recording)', group: 'Recording', run: () => void useRunStore.getState().recordAct(client, { kind: 'back' }) },
    { keys: ['Alt+h'], label: 'Home (while recording)', group: 'Recording', run: () => void useRunStore.getState().recordAct(client, { kind: 'home' }) },
  ], [client]));

  // Stable callbacks: the live run re-renders per step without re-rendering this view.
  const { cancelRun, cancelEpisode } = run;
  const { setView } = app;
  const root = dataset?.root;
  const onCancel = useCallback(() => void cancelRun(client), [client, cancelRun]);
  const onCancelEpisode = useCallback((d: string) => void cancelEpisode(client, d), [client, cancelEpisode]);
  const openEvaluation = useCallback(() => {
    const r = useRunStore.getState().run;
    if (!r?.out || !root) return;
    // With device configurations, traces are <out>/<config>/<agent>: one column per configuration and agent.
    const agents = [...new Set(r.episodes.map((e) => (e.config ? `${e.config}/${e.agent}` : e.agent)))].map((p) => ({ name: p.split('/').reverse().join('@'), path: p }));
    useEvalStore.getState().dismissPreset();
    void useEvalStore.getState().open(client, { dataset: root, agents: agents.map((a) => ({ name: a.name, path: `${root}/${r.out}/${a.path}` })) });
    setView('evaluate');
  }, [client, root, setView]);
  const evaluateRuns = useCallback((spec: EvalSpec) => {
    useEvalStore.getState().dismissPreset();
    void useEvalStore.getState().open(client, spec);
    setView('evaluate');
  }, [client, setView]);
  if (!dataset) return null;
  return (
    <main className="run-view" data-run-tab={tab}>
      <DevicePanel client={client} onInput={recording ? onInput : undefined} refresh={refresh} />
      <div className="run-main">
        <nav className="run-tabs" role="tablist" aria-label="Run view">
          <button type="button" role="tab" aria-selected={tab === 'run'} className={`btn btn-small${tab === 'run' ? ' active' : ''}`} onClick={() => setTab('run')}>Run agents</button>
          <button type="button" role="tab" aria-selected={tab === 'record'} className={`btn btn-small${tab === 'record' ? ' active' : ''}`} onClick={() => setTab('record')}>Record a demonstration</button>
        </nav>
        {tab === 'run' ? (
          <>
            <LiveRun onCancel={onCancel} onCancelEpisode={onCancelEpisode} onEvaluate={openEvaluation} />
            <ConfigsLive client={client} />
            <RunForm dataset={dataset} devices={usable} disabled={run.runActive} onStart={onStart} />
            <RecentRuns client={client} datasetId={dataset.id} root={dataset.root} onEvaluate={evaluateRuns} />
          </>
        ) : (
          <RecordPanel recording={run.recording} device={run.selected} onStart={(d) => void run.recordStart(client, dataset.id, d)} onInput={onInput}
            onSave={() => void run.recordSave(client)} onUndo={() => void run.recordUndo(client).then(() => setRefresh((n) => n + 1))} onDiscard={() => void run.recordDiscard(client)}
            onOpen={(path) => { void app.openPath(dataset.root, { task: path, step: 0 }); app.setView('annotate'); }} />
        )}
      </div>
    </main>
  );
}
