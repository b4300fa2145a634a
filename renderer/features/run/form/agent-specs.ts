/**
 * Every agent `touchstone run --agent` knows, with the settings the run form offers for it
 * (the CLI's `--agent-opt` keys), and the checks the form makes before it lets a run start.
 * The core checks again (electron/core/runner/run-settings.ts); this gives the message early.
 */

export interface AgentField {
  /** The `--agent-opt` key (sent as `<agent>.<key>`). */
  key: string;
  label: string;
  kind: 'text' | 'url' | 'number' | 'choice' | 'secret';
  required?: boolean;
  min?: number;
  max?: number;
  integer?: boolean;
  choices?: { value: string; label: string }[];
  placeholder?: string;
  help?: string;
}

export interface AgentSpec { name: string; label: string; fields: AgentField[]; note?: string }

const attachFields: AgentField[] = [
  { key: 'port', label: 'Port', kind: 'number', min: 0, max: 65535, integer: true, placeholder: '0 (any free port)', help: 'Loopback port of the server your agent attaches to' },
  { key: 'attach_timeout_ms', label: 'Wait to attach (ms)', kind: 'number', min: 1, max: 86_400_000, integer: true, placeholder: '300000', help: 'How long each episode waits for your agent' },
];

export const AGENT_SPECS: readonly AgentSpec[] = [
  { name: 'replay', label: 'replay (the ground-truth actions)', fields: [] },
  { name: 'noop', label: 'no-op (declares completion at once)', fields: [] },
  {
    name: 'random', label: 'random (seeded taps and swipes)',
    fields: [{ key: 'complete', label: 'Chance to declare completion', kind: 'number', min: 0, max: 1, placeholder: '0.1', help: 'Per step, from 0 to 1' }],
  },
  {
    name: 'llm', label: 'LLM (any OpenAI-compatible endpoint)',
    fields: [
      { key: 'base_url', label: 'Endpoint', kind: 'url', required: true, placeholder: 'http://127.0.0.1:8080/v1', help: 'Chat-completions base URL (llama.cpp, vLLM, Ollama, hosted)' },
      { key: 'model', label: 'Model', kind: 'text', required: true, placeholder: 'e.g. qwen2.5-vl-7b-instruct' },
      { key: 'mode', label: 'Mode', kind: 'choice', choices: [{ value: 'text', label: 'text (numbered hierarchy)' }, { value: 'vision', label: 'vision (set-of-marks screenshot)' }] },
      { key: 'api_key', label: 'API key', kind: 'secret', help: 'A stored key, by name; none: TOUCHSTONE_LLM_API_KEY of the core, or no key' },
      { key: 'temperature', label: 'Temperature', kind: 'number', min: 0, max: 2, placeholder: '0' },
      { key: 'max_tokens', label: 'Max tokens', kind: 'number', min: 1, max: 1_000_000, integer: true, placeholder: '512' },
      { key: 'tools', label: 'Actions as', kind: 'choice', choices: [{ value: 'on', label: 'tool calls' }, { value: 'off', label: 'JSON in the reply' }] },
      { key: 'price_in', label: 'USD / 1M tokens in', kind: 'number', min: 0, max: 1_000_000, placeholder: 'none', help: 'For the cost shown in the live run (as run --agent-opt price_in)' },
      { key: 'price_out', label: 'USD / 1M tokens out', kind: 'number', min: 0, max: 1_000_000, placeholder: 'none' },
    ],
  },
  {
    name: 'http', label: 'HTTP (your agent over the agent API)', fields: attachFields,
    note: 'The run serves the agent HTTP API on loopback; its URL and token appear in the live run. Attach with resources/python/touchstone_env.py.',
  },
  {
    name: 'mcp', label: 'MCP (your agent as an MCP client)', fields: attachFields,
    note: 'The run serves an MCP server (streamable HTTP) on loopback; its URL and token appear in the live run.',
  },
];

export function agentSpec(name: string): AgentSpec {
  return AGENT_SPECS.find((a) => a.name === name) ?? AGENT_SPECS[0]!;
}

export interface FieldError { key: string; message: string }

export interface CheckedSettings {
  /** `<agent>.<key>` -> value, empty fields left out (the agent's default). */
  agentSettings: Record<string, string>;
  /** `<agent>.<key>` -> the name of a stored key. */
  secretSettings: Record<string, string>;
  errors: FieldError[];
}

/** Checks the form's values for `agent` (values and key names by field key); says per field what to fix. */
export function checkAgentSettings(agent: string, values: Record<string, string>, keyNames: Record<string, string>, storedKeys: readonly string[]): CheckedSettings {
  const spec = agentSpec(agent);
  const out: CheckedSettings = { agentSettings: {}, secretSettings: {}, errors: [] };
  const fail = (f: AgentField, message: string): void => { out.errors.push({ key: f.key, message: `${f.label}: ${message}` }); };
  for (const f of spec.fields) {
    if (f.kind === 'secret') {
      const name = keyNames[f.key] ?? '';
      if (!name) continue;
      if (!storedKeys.includes(name)) fail(f, `no stored key is named "${name}"; store it under API keys or pick another.`);
      else out.secretSettings[`${agent}.${f.key}`] = name;
      continue;
    }
    const v = (values[f.key] ?? '').trim();
    if (!v) {
      if (f.required) fail(f, `required${f.placeholder ? ` (e.g. ${f.placeholder.replace(/^e\.g\. /, '')})` : ''}.`);
      continue;
    }
    if (f.kind === 'url') {
      let u: URL | null = null;
      try { u = new URL(v); } catch { /* below */ }
      if (!u || !/^https?:$/.test(u.protocol)) { fail(f, `"${v}" is not an http(s) URL (e.g. ${f.placeholder}).`); continue; }
    }
    if (f.kind === 'number') {
      const n = Number(v);
      const range = `${f.integer ? 'a whole number' : 'a number'} from ${f.min} to ${f.max}`;
      if (!Number.isFinite(n) || (f.integer && !Number.isInteger(n)) || n < f.min! || n > f.max!) { fail(f, `must be ${range}; got "${v}".`); continue; }
    }
    if (f.kind === 'choice' && !f.choices!.some((c) => c.value === v)) { fail(f, `must be one of ${f.choices!.map((c) => c.value).join(', ')}; got "${v}".`); continue; }
    out.agentSettings[`${agent}.${f.key}`] = v;
  }
  return out;
}

/** The values worth keeping in a saved configuration: the agent's own non-secret fields only. */
export function keepableValues(agent: string, values: Record<string, string>): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const f of agentSpec(agent).fields) if (f.kind !== 'secret' && values[f.key]?.trim()) keep[f.key] = values[f.key]!.trim();
  return keep;
}

/** Key names (never keys) for the agent's secret fields. */
export function keepableKeyNames(agent: string, names: Record<string, string>): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const f of agentSpec(agent).fields) if (f.kind === 'secret' && names[f.key]) keep[f.key] = names[f.key]!;
  return keep;
}
