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
