import { useEffect, useState } from 'react';
import type { JudgeEndpointView, JudgeSettingSource } from '../../../shared/contract/evaluation';
import type { SecretInfo } from '../../../shared/contract/run';
import type { TouchstoneClient } from '../../api/client';
import { useEvalStore } from './eval-store';
import { useJudgeEndpoint } from './judge-endpoint-store';

const FROM: Record<JudgeSettingSource, (env: string) => string> = {
  app: () => 'set in the app',
  environment: (env) => `from ${env}`,
  none: () => 'not set',
};

/** Toolbar button: opens the judge endpoint panel and says where the endpoint in effect comes from. */
export function JudgeEndpointButton({ client }: { client: TouchstoneClient }) {
  const { open, view, toggle, load } = useJudgeEndpoint();
  useEffect(() => { if (!view) void load(client); }, [client, view, load]);
  useEffect(() => useJudgeEndpoint.getState().listen(client), [client]);
  const src = view?.source.baseURL;
  return (
    <button type="button" className={`btn btn-small${open ? ' active' : ''}`} data-action="judge-endpoint" data-judge-source={src ?? ''} aria-expanded={open}
      title="The LLM judge's endpoint, models and API key" onClick={() => toggle(client)}>
      Judge endpoint{src ? ` (${src === 'app' ? 'app' : src === 'environment' ? 'env' : 'not set'})` : ''}
    </button>
  );
}

function KeyLine({ view }: { view: JudgeEndpointView }) {
  const k = view.source.key;
  if (k === 'app') {
    return view.key
      ? <>key <span className="mono">{view.key.name}</span> <span className="mono muted">{view.key.last4 ? `••••${view.key.last4}` : '••••'}</span> (stored in the app)</>
      : <span className="ev-unavailable">key <span className="mono">{view.app?.keyName}</span> is no longer stored: paste it again</span>;
  }
  return <>{k === 'environment' ? 'key from TOUCHSTONE_LLM_API_KEY' : 'no key (local servers often need none)'}</>;
}

/** What the judge column uses now, part by part, and where each part comes from. */
function InEffect({ view }: { view: JudgeEndpointView }) {
  return (
    <p className="ev-judge-effect" data-judge-effect={`${view.source.baseURL},${view.source.models},${view.source.key}`}>
      <b>In effect:</b> <span className="mono" data-judge-url>{view.baseURL ?? '—'}</span> ({FROM[view.source.baseURL]('TOUCHSTONE_LLM_BASE_URL')}) ·{' '}
      <span className="mono" data-judge-models>{view.models.join(' + ') || '—'}</span> ({FROM[view.source.models]('TOUCHSTONE_LLM_MODEL')}) · <KeyLine view={view} />
    </p>
  );
}

/**
 * The judge's endpoint set in the app: base URL, one model (or two for cross-validation) and the API key.
 * The key goes to the core's key store once (the run form's store) and never comes back: the page
 * only sees its name and last four characters. Saved settings beat TOUCHSTONE_LLM_*; "Use environment"
 * forgets them.
 */
export function JudgeEndpointPanel({ client }: { client: TouchstoneClient }) {
  const { open, view, status, error, note, save, runJudge } = useJudgeEndpoint();
  const extraStatus = useEvalStore((s) => s.extraStatus);
  const [baseURL, setBaseURL] = useState('');
  const [models, setModels] = useState('');
  const [keyName, setKeyName] = useState('');
  const [key, setKey] = useState('');
  const [stored, setStored] = useState<SecretInfo[]>([]);
  useEffect(() => {
    if (!open || !view) return;
    setBaseURL(view.app?.baseURL ?? view.environment.baseURL ?? '');
    setModels((view.app?.models ?? view.environment.models).join(', '));
    setKeyName(view.app?.keyName ?? '');
    void client.call('run:secrets', {}).then((l) => setStored(l.secrets), () => setStored([]));
  }, [open, view, client]);
  if (!open) return null;
  const submit = async () => {
    if (await save(client, { baseURL, models, keyName: keyName.trim() || null, ...(key.trim() ? { key } : {}) })) setKey('');
  };
  return (
    <form className="ev-judge-panel" aria-label="Judge endpoint" data-judge-state={status} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {view ? <InEffect view={view} /> : <p className="muted">Loading…</p>}
      <div className="ev-judge-fields">
        <label>Base URL <input className="input" name="baseURL" aria-label="Judge base URL" placeholder="http://127.0.0.1:8000/v1" value={baseURL} onChange={(e) => setBaseURL(e.target.value)} /></label>
        <label>Model <input className="input" name="models" aria-label="Judge model" placeholder="model, or model-a, model-b to cross-validate" value={models} onChange={(e) => setModels(e.target.value)} /></label>
        <label>Key name <input className="input" name="keyName" aria-label="Judge key name" list="judge-key-names" placeholder="judge (empty: env key)" title="The name the key is stored under (the run form lists it too); empty: TOUCHSTONE_LLM_API_KEY, if set" value={keyName} onChange={(e) => setKeyName(e.target.value)} /></label>
        <datalist id="judge-key-names">{stored.map((s) => <option key={s.name} value={s.name}>{s.last4 ? `••••${s.last4}` : ''}</option>)}</datalist>
        <label>API key <input className="input" name="key" type="password" autoComplete="new-password" aria-label="Judge API key"
          placeholder={view?.key ? 'stored; paste to replace' : 'paste the key (optional)'} value={key} onChange={(e) => setKey(e.target.value)} /></label>
      </div>
      <div className="ev-judge-actions">
        <button type="submit" className="btn btn-small" data-action="judge-save" disabled={status === 'saving'}>Save</button>
        <button type="button" className="btn btn-small" data-action="judge-reset" disabled={status === 'saving' || !view?.app} onClick={() => void save(client, { reset: true })}
          title="Forget the app's settings: TOUCHSTONE_LLM_* of the process running Touchstone apply again">Use environment</button>
        <button type="button" className="btn btn-small" data-action="judge-run" disabled={extraStatus === 'loading'} onClick={() => void runJudge(client)}>Run judge</button>
        <span className="muted">The key is stored with the run form&apos;s API keys{view ? <> · settings in <span className="mono">{view.file}</span></> : null}.</span>
      </div>
      {note && <p className="muted" data-judge-note>{note}</p>}
      {error && <div className="error-box" role="alert" data-judge-error>{error}</div>}
    </form>
  );
}
