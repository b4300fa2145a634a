import { beforeAll, describe, expect, it } from 'vitest';
import { agentHandlers } from '../../../../electron/core/agents/handlers';
import { AGENT_FACTORIES } from '../../../../electron/core/agents/registry';
import { llmSettings } from '../../../../electron/core/agents/llm/llm-settings';
import { settingsFor } from '../../../../electron/core/agents/agent-settings';
import type { AgentInfo } from '../../../../shared/kinds/agents';
import { checkAgentSettings } from './check-agent-settings';

describe('the run form\'s agents and their settings, as run:agents describes them', () => {
  let kinds: AgentInfo[] = [];
  const kind = (name: string): AgentInfo | undefined => kinds.find((k) => k.name === name);
  beforeAll(async () => { kinds = await agentHandlers()['run:agents']({}); });
  it('offers every agent the core has a factory for, and the answer survives JSON (it crosses both transports)', () => {
    expect(kinds.map((a) => a.name)).toEqual(AGENT_FACTORIES.map((f) => f.spec.name));
    expect(JSON.parse(JSON.stringify(kinds))).toEqual(kinds);
  });

  it('LLM: says what is missing or wrong per field, and passes good values as the agent reads them', () => {
    const empty = checkAgentSettings(kind('llm'), {}, {}, []);
    expect(empty.errors.map((e) => e.message)).toEqual(['Endpoint: required (e.g. http://127.0.0.1:8080/v1).', 'Model: required (e.g. qwen2.5-vl-7b-instruct).']);
    const bad = checkAgentSettings(kind('llm'), { base_url: 'localhost:8080', model: 'm', temperature: '3', max_tokens: '12.5', price_in: '-1', history: 'many' }, { api_key: 'gone' }, ['openai']);
    expect(bad.errors.map((e) => e.message)).toEqual([
      'Endpoint: "localhost:8080" is not an http(s) URL (e.g. http://127.0.0.1:8080/v1).',
      'API key: no stored key is named "gone"; store it under API keys or pick another.',
      'Temperature: must be a number from 0 to 2; got "3".',
      'Max tokens: must be a whole number from 1 to 1000000; got "12.5".',
      'USD / 1M tokens in: must be a number from 0 to 1000000; got "-1".',
      'Actions in the prompt: must be a number from 0 to 100; got "many".',
    ]);
    const ok = checkAgentSettings(kind('llm'), { base_url: ' http://127.0.0.1:9/v1 ', model: 'qwen', mode: 'vision', temperature: '0.3', max_tokens: '256', price_in: '0.15', price_out: '0.6', tools: '' }, { api_key: 'openai' }, ['openai']);
    expect(ok).toEqual({
      agentSettings: { 'llm.base_url': 'http://127.0.0.1:9/v1', 'llm.model': 'qwen', 'llm.mode': 'vision', 'llm.temperature': '0.3', 'llm.max_tokens': '256', 'llm.price_in': '0.15', 'llm.price_out': '0.6' },
      secretSettings: { 'llm.api_key': 'openai' },
      errors: [],
    });
    // What the form accepts, the agent accepts (the core parses with the same schema).
    expect(llmSettings(settingsFor('llm', { ...ok.agentSettings, 'llm.api_key': 'k' }), {})).toMatchObject({ baseURL: 'http://127.0.0.1:9/v1', model: 'qwen', mode: 'vision', temperature: 0.3, maxTokens: 256, priceIn: 0.15, priceOut: 0.6 });
    // And what it refuses, the agent refuses with the setting's name.
    expect(() => llmSettings({ base_url: 'http://127.0.0.1:9/v1', model: 'q', max_tokens: '12.5' }, {})).toThrow('llm agent: --agent-opt max_tokens must be a whole number from 1 to 1000000; got "12.5".');
  });

  it('HTTP / MCP take the port and attach wait; random its completion chance; replay none', () => {
    expect(checkAgentSettings(kind('http'), { port: '70000' }, {}, []).errors.map((e) => e.message)).toEqual(['Port: must be a whole number from 0 to 65535; got "70000".']);
    expect(checkAgentSettings(kind('mcp'), { port: '0', attach_timeout_ms: '5000' }, {}, []).agentSettings).toEqual({ 'mcp.port': '0', 'mcp.attach_timeout_ms': '5000' });
    expect(checkAgentSettings(kind('random'), { complete: '1.5' }, {}, []).errors).toHaveLength(1);
    expect(checkAgentSettings(kind('replay'), { anything: 'x' }, {}, [])).toEqual({ agentSettings: {}, secretSettings: {}, errors: [] });
  });
});
