import type { RunConfigChoice } from '../../../../shared/contract/run';
import { factorText, type ConfigPreview } from './device-configs';

interface Props { value: RunConfigChoice | null; preview: ConfigPreview; onChange(c: RunConfigChoice | null): void }

/** Device configurations (B-MoCA) for a run: a file of the dataset, then some of its named configurations or a seeded split. */
export function DeviceConfigs({ value, preview, onChange }: Props) {
  const mode = value?.split ?? 'named';
  const named = preview.file?.configs ?? [];
  const ticked = (n: string) => !value?.names || value.names.includes(n);
  const tick = (n: string) => {
    if (!value) return;
    const cur = value.names ?? named.map((c) => c.name);
    onChange({ ...value, names: cur.includes(n) ? cur.filter((x) => x !== n) : named.map((c) => c.name).filter((x) => x === n || cur.includes(x)) });
  };
  return (
    <fieldset className="agent-settings device-configs" aria-label="Device configurations" data-configs-chosen={preview.chosenCount} data-configs-loading={preview.loading ? 'true' : 'false'}>
      <legend>
        <label><input type="checkbox" aria-label="Use device configurations" checked={value !== null} onChange={(e) => onChange(e.target.checked ? { file: '' } : null)} /> Device configurations</label>
      </legend>
      {value && (
        <>
          <div className="run-form-row">
            <label>File
              <input className="input" aria-label="Configuration file" list="config-files" placeholder="configs.json (in the dataset folder)" value={value.file}
                onChange={(e) => onChange({ file: e.target.value, ...(value.split ? { split: value.split, seed: value.seed } : {}) })} />
              <datalist id="config-files">{preview.files.map((f) => <option key={f} value={f} />)}</datalist>
            </label>
            <label>Use
              <select className="input" aria-label="Configurations to use" value={mode}
                onChange={(e) => onChange(e.target.value === 'named' ? { file: value.file } : { file: value.file, split: e.target.value as 'train' | 'test', seed: value.seed ?? 0 })}>
                <option value="named">named configurations</option>
                <option value="train">train split (seeded)</option>
                <option value="test">test split (seeded)</option>
              </select>
            </label>
            {mode !== 'named' && (
              <label>Seed <input className="input num" type="number" min={0} aria-label="Split seed" value={value.seed ?? 0}
                onChange={(e) => onChange({ ...value, seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} /></label>
            )}
            {preview.file && mode !== 'named' && <span className="muted">first {preview.file.split.train} combinations train, next {preview.file.split.test} test</span>}
          </div>
          {preview.files.length > 0 && !value.file && <p className="muted">Configuration files here: {preview.files.join(', ')}</p>}
          <ul className="api-key-list" aria-label="Configurations">
            {(mode === 'named' ? named : preview.chosen).map((c) => (
              <li key={c.name} data-config={c.name}>
                {mode === 'named' ? <label><input type="checkbox" checked={ticked(c.name)} onChange={() => tick(c.name)} /> <b>{c.name}</b></label> : <b>{c.name}</b>}
                <span className="muted">{factorText(c.factors)}</span>
              </li>
            ))}
          </ul>
          {(() => {
            // The core lists the first RUN_CONFIGS_SHOWN; a run still uses every one the choice selects.
            const more = mode === 'named' ? (preview.file?.configCount ?? 0) - named.length : preview.chosenCount - preview.chosen.length;
            return more > 0 ? <p className="muted" data-configs-more={more}>… and {more} more configuration{more === 1 ? '' : 's'} (not listed here; a run uses them as chosen)</p> : null;
          })()}
        </>
      )}
    </fieldset>
  );
}
