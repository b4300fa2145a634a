import type { AgentInfo, SettingField } from '../../../../shared/kinds/agents';
import type { FieldError } from './check-agent-settings';
import { ApiKeys, type ApiKeysState } from './ApiKeys';

interface Props {
  /** The chosen agent kind as `run:agents` describes it. */
  info: AgentInfo | undefined;
  values: Record<string, string>;
  keyNames: Record<string, string>;
  errors: FieldError[];
  keys: ApiKeysState;
  onValue(key: string, value: string): void;
  onKeyName(key: string, name: string): void;
}

function Field({ f, value, keyName, invalid, keys, onValue, onKeyName }: { f: SettingField; value: string; keyName: string; invalid: boolean; keys: ApiKeysState; onValue(v: string): void; onKeyName(v: string): void }) {
  const common = { className: `input${invalid ? ' invalid' : ''}`, 'aria-label': f.label, 'aria-invalid': invalid, title: f.help, 'data-setting': f.key };
  let input;
  if (f.kind === 'secret') {
    input = (
      <select {...common} value={keyName} onChange={(e) => onKeyName(e.target.value)}>
        <option value="">(no stored key)</option>
        {keys.list?.secrets.map((s) => <option key={s.name} value={s.name}>{s.name}{s.last4 ? ` ••••${s.last4}` : ''}</option>)}
        {keyName && !keys.list?.secrets.some((s) => s.name === keyName) && <option value={keyName}>{keyName} (not stored)</option>}
      </select>
    );
  } else if (f.kind === 'choice') {
    input = (
      <select {...common} value={value || f.default || f.choices![0]!.value} onChange={(e) => onValue(e.target.value)}>
        {f.choices!.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
    );
  } else {
    input = <input {...common} inputMode={f.kind === 'number' ? 'decimal' : undefined} type={f.kind === 'url' ? 'url' : 'text'} placeholder={f.placeholder ?? f.default} value={value} onChange={(e) => onValue(e.target.value)} />;
  }
  return <label className={`agent-field agent-field-${f.kind}`}>{f.label}{f.required ? ' *' : ''} {input}</label>;
}

/** The chosen agent's settings (as `touchstone run --agent-opt` takes them), its stored key, and what is wrong with them. */
export function AgentSettings({ info: spec, values, keyNames, errors, keys, onValue, onKeyName }: Props) {
  if (!spec?.settings.length) return null;
  const bad = new Set(errors.map((e) => e.key));
  return (
    <fieldset className="agent-settings" aria-label={`${spec.name} settings`} data-agent={spec.name}>
      <legend>{spec.label}</legend>
      <div className="agent-fields">
        {spec.settings.map((f) => (
          <Field key={f.key} f={f} value={values[f.key] ?? ''} keyName={keyNames[f.key] ?? ''} invalid={bad.has(f.key)} keys={keys}
            onValue={(v) => onValue(f.key, v)} onKeyName={(v) => onKeyName(f.key, v)} />
        ))}
      </div>
      {spec.note && <p className="muted">{spec.note}</p>}
      {spec.settings.some((f) => f.kind === 'secret') && (
        <details className="api-keys-box">
          <summary>API keys ({keys.list?.secrets.length ?? '…'} stored)</summary>
          <ApiKeys keys={keys} />
        </details>
      )}
      {errors.length > 0 && (
        <ul className="form-errors" aria-label="Problems with the settings" aria-live="polite">
          {errors.map((e) => <li key={e.key} data-setting={e.key}>{e.message}</li>)}
        </ul>
      )}
    </fieldset>
  );
}
