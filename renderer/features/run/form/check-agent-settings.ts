/**
 * The run form's checks of an agent's settings, read from the agent kinds `run:agents` describes
 * (shared/kinds/agents): each field is checked by the same schema the core parses with, so the
 * form says early, per field, what the core would refuse.
 */
import { useEffect, useState } from 'react';
import type { AgentInfo, SettingField } from '../../../../shared/kinds/agents';
import { fieldSchema, parseSettings, settingFormText } from '../../../../shared/kinds/agents';
import { z } from 'zod';
import type { TouchstoneClient } from '../../../api/client';

export interface FieldError { key: string; message: string }

export interface CheckedSettings {
  /** `<agent>.<key>` -> value, empty fields left out (the agent's default). */
  agentSettings: Record<string, string>;
  /** `<agent>.<key>` -> the name of a stored key. */
  secretSettings: Record<string, string>;
  errors: FieldError[];
}

/** The agent kinds the core offers (`run:agents`), once loaded; the error when the call failed. */
export function useAgentKinds(client: TouchstoneClient): { kinds: AgentInfo[] | null; error: string | null } {
  const [state, setState] = useState<{ kinds: AgentInfo[] | null; error: string | null }>({ kinds: null, error: null });
  useEffect(() => {
    let live = true;
    client.call('run:agents', {}).then(
      (kinds) => { if (live) setState({ kinds, error: null }); },
      (e: unknown) => { if (live) setState({ kinds: null, error: `Cannot list the agents: ${e instanceof Error ? e.message : String(e)}` }); },
    );
    return () => { live = false; };
  }, [client]);
  return state;
}

/** Checks the form's values for an agent kind (values and key names by field key); says per field what to fix. */
export function checkAgentSettings(info: AgentInfo | undefined, values: Record<string, string>, keyNames: Record<string, string>, storedKeys: readonly string[]): CheckedSettings {
  const out: CheckedSettings = { agentSettings: {}, secretSettings: {}, errors: [] };
  if (!info) return out;
  const fail = (f: SettingField, message: string): void => { out.errors.push({ key: f.key, message }); };
  for (const f of info.settings) {
    if (f.kind === 'secret') {
      const name = keyNames[f.key] ?? '';
      if (!name) continue;
      if (!storedKeys.includes(name)) fail(f, `${f.label}: no stored key is named "${name}"; store it under API keys or pick another.`);
      else out.secretSettings[`${info.name}.${f.key}`] = name;
      continue;
    }
    const v = (values[f.key] ?? '').trim();
    // A required field the core fills from its environment is still asked for here: the page cannot see that environment.
    const r = parseSettings(z.object({ [f.key]: fieldSchema(f) }), v ? { [f.key]: v } : {});
    if (!r.ok) { for (const p of r.problems) fail(f, settingFormText(f, p)); continue; }
    if (v) out.agentSettings[`${info.name}.${f.key}`] = v;
  }
  return out;
}

/** The values worth keeping in a saved configuration: the agent's own non-secret fields only. */
export function keepableValues(info: AgentInfo | undefined, values: Record<string, string>): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const f of info?.settings ?? []) if (f.kind !== 'secret' && values[f.key]?.trim()) keep[f.key] = values[f.key]!.trim();
  return keep;
}

/** Key names (never keys) for the agent's secret fields. */
export function keepableKeyNames(info: AgentInfo | undefined, names: Record<string, string>): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const f of info?.settings ?? []) if (f.kind === 'secret' && names[f.key]) keep[f.key] = names[f.key]!;
  return keep;
}
