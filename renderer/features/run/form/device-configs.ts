/** The run form's device configurations: the chosen file's contents, checked by the core as the run will be. */
import { useEffect, useState } from 'react';
import type { TouchstoneClient } from '../../../api/client';
import type { RunConfigChoice, RunConfigFile, RunDeviceConfig } from '../../../../shared/contract/run';

/** How a configuration's factors read in the form, e.g. `fontScale 1.3 · dark`. */
export function factorText(f: RunDeviceConfig['factors']): string {
  const parts = Object.entries(f).map(([k, v]) => (v === true ? k : v === false ? `no ${k}` : `${k} ${String(v)}`));
  return parts.length ? parts.join(' · ') : 'changes nothing';
}

/** What a choice needs before a run can start, or null. */
export function choiceProblem(c: RunConfigChoice | null, error: string | null): string | null {
  if (!c) return null;
  if (!c.file.trim()) return 'Device configurations: pick a configuration file (or turn them off).';
  if (error) return `Device configurations: ${error}`;
  if (!c.split && c.names && !c.names.length) return 'Device configurations: tick at least one configuration, or pick a train/test split.';
  return null;
}

/** `chosen` lists at most RUN_CONFIGS_SHOWN configurations; `chosenCount` is how many the run uses. */
export interface ConfigPreview { files: string[]; file: RunConfigFile | null; chosen: RunDeviceConfig[]; chosenCount: number; error: string | null; loading: boolean }

/** Lists the dataset's configuration files and asks the core what the current choice selects (its messages on error). */
export function useConfigPreview(client: TouchstoneClient, datasetId: string, choice: RunConfigChoice | null): ConfigPreview {
  const [files, setFiles] = useState<string[]>([]);
  const [state, setState] = useState<Omit<ConfigPreview, 'files'>>({ file: null, chosen: [], chosenCount: 0, error: null, loading: false });
  const on = choice !== null;
  useEffect(() => {
    if (!on) return;
    let live = true;
    client.call('run:configFiles', { datasetId }).then((f) => { if (live) setFiles(f); }, () => undefined);
    return () => { live = false; };
  }, [client, datasetId, on]);
  const key = JSON.stringify(choice);
  useEffect(() => {
    const c = JSON.parse(key) as RunConfigChoice | null;
    if (!c?.file.trim()) { setState({ file: null, chosen: [], chosenCount: 0, error: null, loading: false }); return; }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    // Names are applied here, not by the core, so the list shows every configuration while some are unticked.
    client.call('run:configs', { datasetId, choice: { ...c, names: undefined } }).then(
      (r) => {
        const chosen = c.split || !c.names ? r.chosen : r.chosen.filter((x) => c.names!.includes(x.name));
        if (live) setState({ file: r, chosen, chosenCount: c.split || !c.names ? r.chosenCount : chosen.length, error: null, loading: false });
      },
      (e: unknown) => { if (live) setState({ file: null, chosen: [], chosenCount: 0, error: e instanceof Error ? e.message : String(e), loading: false }); },
    );
    return () => { live = false; };
  }, [client, datasetId, key]);
  return { files, ...state };
}
