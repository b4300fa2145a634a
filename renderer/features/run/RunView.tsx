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
import { RunForm, type RunFormValue } from './RunForm';
import { useRunStore } from './run-store';
import './run.css';

/**
 * The run view: devices and the mirror on the left; on the right either a run (the form, then
 * the live tiles) or a demonstration being recorded on the mirrored screen.
 */
export function RunView() {
  const app = useAppStore(useShallow((s) => ({ client: s.client, dataset: s.dataset, openPath: s.openPath, setView: s.setView })));
  const run = useRunStore(useShallow((s) => ({
    run: s.run, recording: s.recording, devices: s.devices, selected: s.selected, attach: s.attach, refreshDevices: s.refreshDevices, start: s.start,
    cancelRun: s.cancelRun, cancelEpisode: s.cancelEpisode, recordStart: s.recordStart, recordAct: s.recordAct, recordSave: s.recordSave, startVirtual: s.startVirtual,
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
      void start(client, { datasetId, tasks: v.tasks, agents: [v.agent], devices: v.devices, repeat: v.repeat, maxSteps: v.maxSteps, agentSettings: v.agentSettings, secretSettings: v.secretSettings, reset: v.reset, configs: v.configs });
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

  if (!dataset) return null;
  const openEvaluation = () => {
    const out = run.run?.out;
    if (!out) return;
    // With device configurations, traces are <out>/<config>/<agent>: one column per configuration and agent.
    const agents = [...new Set(run.run!.episodes.map((e) => (e.config ? `${e.config}/${e.agent}` : e.agent)))].map((p) => ({ name: p.split('/').reverse().join('@'), path: p }));
    useEvalStore.getState().dismissPreset();
    void useEvalStore.getState().open(client, { dataset: dataset.root, agents: agents.map((a) => ({ name: a.name, path: `${dataset.root}/${out}/${a.path}` })) });
    app.setView('evaluate');
  };
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
            {run.run && <LiveRun run={run.run} onCancel={() => void run.cancelRun(client)} onCancelEpisode={(d) => void run.cancelEpisode(client, d)} onEvaluate={openEvaluation} />}
            {run.run && <RunConfigsLive run={run.run} client={client} />}
            <RunForm dataset={dataset} devices={usable} disabled={run.run?.status === 'running'} onStart={onStart} />
          </>
        ) : (
          <RecordPanel recording={run.recording} device={run.selected} onStart={(d) => void run.recordStart(client, dataset.id, d)} onInput={onInput}
            onSave={() => void run.recordSave(client)}
            onOpen={(path) => { void app.openPath(dataset.root, { task: path, step: 0 }); app.setView('annotate'); }} />
        )}
      </div>
    </main>
  );
}
