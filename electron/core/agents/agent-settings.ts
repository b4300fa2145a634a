import { parseSettings, settingErrorText, settingFields, type AgentSpec } from '../../../shared/kinds/agents';

/** Settings keys whose values are secrets: redacted wherever settings are recorded. */
// A setting is secret when its name ends in key, token, secret or password (llm.api_key, apiKey, access_token); max_tokens is not.
export const SECRET_SETTING = /(?:key|token|secret|password)$/i;

/** A copy of agent settings safe to write down (secret values replaced). */
export function redactSettings(s: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, SECRET_SETTING.test(k) ? '[redacted]' : v]));
}

/** The settings one agent of a run gets: unscoped `key=value`, overridden by `<agent>.key=value`. */
export function settingsFor(agent: string, all: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (!k.includes('.')) out[k] = v;
  for (const [k, v] of Object.entries(all)) if (k.startsWith(`${agent}.`)) out[k.slice(agent.length + 1)] = v;
  return out;
}

/**
 * One agent's settings parsed by its spec's schema; a setting that is not given falls back to its
 * `env` variable (the LLM endpoint, model and key). Throws naming the setting and what to give.
 */
export function parseAgentSettings<S extends AgentSpec>(spec: S, settings: Record<string, string>, env: NodeJS.ProcessEnv = process.env): ReturnType<S['settings']['parse']> {
  const fields = settingFields(spec.settings);
  const withEnv = { ...settings };
  for (const f of fields) if (f.env && withEnv[f.key] === undefined && env[f.env] !== undefined) withEnv[f.key] = env[f.env]!;
  const r = parseSettings(spec.settings, withEnv);
  if (r.ok) return r.value as ReturnType<S['settings']['parse']>;
  throw new Error(r.problems.map((p) => settingErrorText(spec.name, fields.find((f) => f.key === p.key)!, p)).join(' '));
}
