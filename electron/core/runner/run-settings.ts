/** A run view request's agent settings: checked, with stored keys filled in by name, before any device is touched. */
import type { RunRequest } from '../../../shared/contract/run';
import { SECRET_SETTING } from '../agents/agent-settings';
import { agentFactory } from '../agents/registry';
import { checkAgentSettings } from '../agents/prepare-agents';
import { AppError } from '../../kernel/errors';
import type { SecretStore } from '../secrets/secret-store';

/** `key` (every agent) or `agent.key` (one agent), as `touchstone run --agent-opt` takes them. */
const SETTING_KEY = /^(?:[a-z][\w-]*\.)?[a-z]\w*$/i;

function entries(v: unknown, what: string): [string, string][] {
  if (v === undefined || v === null) return [];
  if (typeof v !== 'object' || Array.isArray(v)) throw new AppError('bad-request', `run:start: ${what} must be an object of setting -> text.`);
  const out = Object.entries(v as Record<string, unknown>);
  for (const [k, val] of out) {
    if (!SETTING_KEY.test(k)) throw new AppError('bad-request', `run:start: ${what} has a bad setting name ${JSON.stringify(k.slice(0, 80))}; use key or agent.key (e.g. llm.model).`);
    if (typeof val !== 'string' || val.length > 4096) throw new AppError('bad-request', `run:start: ${what}.${k} must be text of at most 4096 characters.`);
  }
  return out as [string, string][];
}

/**
 * The settings the run's agents get: `agentSettings` plus each `secretSettings` entry's stored key.
 * Refuses secret values sent in the clear, unknown agents, missing keys and settings an agent would
 * refuse later (each agent's spec checks its own: the LLM agent's endpoint, model, mode, numbers), each with what to do.
 */
export async function resolveRunSettings(args: Pick<RunRequest, 'agents' | 'agentSettings' | 'secretSettings'>, store: SecretStore): Promise<Record<string, string>> {
  for (const a of args.agents) {
    try { agentFactory(String(a)); } catch (err) { throw new AppError('bad-request', (err as Error).message); }
  }
  const settings: Record<string, string> = {};
  for (const [k, v] of entries(args.agentSettings, 'agentSettings')) {
    if (SECRET_SETTING.test(k)) throw new AppError('bad-request', `run:start: ${k} is a secret; store it under API keys and pass its name in secretSettings, never the key itself.`);
    settings[k] = v;
  }
  for (const [k, name] of entries(args.secretSettings, 'secretSettings')) {
    if (!SECRET_SETTING.test(k)) throw new AppError('bad-request', `run:start: secretSettings.${k} is not a secret setting (its name must end in key, token, secret or password, e.g. llm.api_key).`);
    const value = await store.reveal(name).catch((err: Error) => { throw new AppError('bad-request', err.message); });
    if (value === undefined) throw new AppError('bad-request', `No API key named "${name}" is stored (for ${k}); add it under API keys in the run form, or pick another.`);
    settings[k] = value;
  }
  try { checkAgentSettings(args.agents, settings); } catch (err) { throw new AppError('bad-request', `Agent settings: ${(err as Error).message}`); }
  return settings;
}
