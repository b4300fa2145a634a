/**
 * Every agent kind, one line each: `run:agents`, the run form, `touchstone run --help` and the
 * core's factories (electron/core/agents/registry.ts) read this list. A new kind adds its spec
 * file here and its factory there.
 */
import type { AgentSpec } from './agent-spec';
import { replaySpec } from './replay-agent';
import { noopSpec } from './noop-agent';
import { randomSpec } from './random-agent';
import { llmSpec } from './llm-agent';
import { httpSpec } from './http-agent';
import { mcpSpec } from './mcp-agent';

export const AGENT_SPECS = [
  replaySpec,
  noopSpec,
  randomSpec,
  llmSpec,
  httpSpec,
  mcpSpec,
] as const satisfies readonly AgentSpec[];

export { defineAgent, describeAgent, agentOptHelp, settingErrorText, settingFormText, type AgentSpec, type AgentInfo } from './agent-spec';
export { setting, settingFields, fieldSchema, parseSettings, example, type SettingField, type SettingProblem } from './settings';
