import { useCallback, useEffect, useState } from 'react';
import type { SecretList } from '../../../../shared/contract/run';
import type { TouchstoneClient } from '../../../api/client';

const WHERE: Record<SecretList['storage'], string> = {
  safeStorage: 'encrypted with the system keyring',
  file: 'in a file only you can read (plain text, mode 0600)',
  memory: 'in memory until Touchstone quits',
};

/** The stored API keys (names and last four characters only) and the calls to change them. */
export function useApiKeys(client: TouchstoneClient) {
  const [list, setList] = useState<SecretList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const guard = useCallback(async (p: Promise<unknown>) => {
    try { await p; setList(await client.call('run:secrets', {})); setError(null); return true; } catch (e) { setError(e instanceof Error ? e.message : String(e)); return false; }
  }, [client]);
  useEffect(() => { void guard(Promise.resolve()); }, [guard]);
  return {
    list, error,
    store: (name: string, value: string) => guard(client.call('run:secretSet', { name, value })),
    remove: (name: string) => guard(client.call('run:secretDelete', { name })),
  };
}

export type ApiKeysState = ReturnType<typeof useApiKeys>;

/** Store a key under a name, list and delete them. The key goes to the core once and never comes back. */
export function ApiKeys({ keys }: { keys: ApiKeysState }) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const add = async () => { if (await keys.store(name.trim(), value)) { setValue(''); setName(''); } };
  return (
    <div className="api-keys" aria-label="API keys" role="group" data-key-count={keys.list?.secrets.length ?? -1}>
      {keys.list && <p className="muted">Keys are kept {WHERE[keys.list.storage]}{keys.list.storage === 'memory' ? '' : <> (<span className="mono">{keys.list.where}</span>)</>}; the page only sees their names.</p>}
      <ul className="api-key-list">
        {keys.list?.secrets.map((s) => (
          <li key={s.name} data-key-name={s.name}>
            <span className="mono">{s.name}</span> <span className="muted mono">{s.last4 ? `••••${s.last4}` : '••••'}</span>
            <button type="button" className="btn btn-small" aria-label={`Delete key ${s.name}`} onClick={() => void keys.remove(s.name)}>Delete</button>
          </li>
        ))}
        {keys.list?.secrets.length === 0 && <li className="muted">No key stored yet.</li>}
      </ul>
      <div className="run-form-row">
        <input className="input" aria-label="Key name" placeholder="Name, e.g. openai" value={name} onChange={(e) => setName(e.target.value)} />
        <input className="input grow" type="password" autoComplete="off" aria-label="Key value" placeholder="Paste the key" value={value} onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void add(); } }} />
        <button type="button" className="btn btn-small" data-action="store-key" disabled={!name.trim() || !value.trim()} onClick={() => void add()}>Store key</button>
      </div>
      {keys.error && <div className="error-box" role="alert">{keys.error}</div>}
    </div>
  );
}
