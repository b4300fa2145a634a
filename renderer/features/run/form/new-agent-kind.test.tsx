/**
 * Adding an agent kind: a spec object (its own file in shared/kinds/agents/) plus one registry line
 * is all it takes for `run:agents`, the run form and `touchstone run --help` to show it. The test
 * adds a throw-away kind the same way (its spec, and one line: the registry with it appended) and
 * finds it in all three, through the real handler, the real components and the real usage text.
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { AGENT_SPECS, defineAgent, setting } from '../../../../shared/kinds/agents';
import { agentHandlers } from '../../../../electron/core/agents/handlers';
import { runUsage } from '../../../../electron/cli/run';
import { AgentChoice } from './AgentChoice';
import { AgentSettings } from './AgentSettings';
import { checkAgentSettings } from './check-agent-settings';
import type { ApiKeysState } from './ApiKeys';

const echoSpec = defineAgent({
  name: 'echo-probe', label: 'echo probe (a test kind)', summary: 'a throw-away kind this test adds',
  settings: z.object({
    greeting: setting.text({ label: 'Greeting', required: true, placeholder: 'e.g. hello' }),
    times: setting.number({ label: 'Times', min: 1, max: 9, integer: true, default: '3' }),
    style: setting.choice([{ value: 'plain', label: 'plain text' }, { value: 'loud', label: 'LOUD' }], { label: 'Style', default: 'plain' }),
  }),
});

// The one registry line.
const REGISTRY = [...AGENT_SPECS, echoSpec];

const noKeys: ApiKeysState = { list: null, error: null, store: async () => true, remove: async () => true };

describe('a new agent kind is its spec plus one registry line', () => {
  it('run:agents describes it, settings and all, after the built-in kinds', async () => {
    const kinds = await agentHandlers(REGISTRY)['run:agents']({});
    expect(kinds.map((k) => k.name)).toEqual([...AGENT_SPECS.map((s) => s.name), 'echo-probe']);
    expect(kinds.at(-1)).toEqual({
      name: 'echo-probe', label: 'echo probe (a test kind)', summary: 'a throw-away kind this test adds',
      settings: [
        { key: 'greeting', label: 'Greeting', kind: 'text', required: true, placeholder: 'e.g. hello' },
        { key: 'times', label: 'Times', kind: 'number', min: 1, max: 9, integer: true, default: '3' },
        { key: 'style', label: 'Style', kind: 'choice', default: 'plain', choices: [{ value: 'plain', label: 'plain text' }, { value: 'loud', label: 'LOUD' }] },
      ],
    });
    // Without the line, it is nowhere.
    expect((await agentHandlers()['run:agents']({})).map((k) => k.name)).not.toContain('echo-probe');
  });

  it('the run form offers it, renders its fields and checks them by its schema', async () => {
    const kinds = await agentHandlers(REGISTRY)['run:agents']({});
    const info = kinds.find((k) => k.name === 'echo-probe');
    const picker = renderToStaticMarkup(<AgentChoice kinds={kinds} agent="echo-probe" onChange={() => undefined} />);
    expect(picker).toContain('<option value="echo-probe" title="a throw-away kind this test adds" selected="">echo probe (a test kind)</option>');
    const checked = checkAgentSettings(info, { times: '12', style: 'loud' }, {}, []);
    expect(checked.errors.map((e) => e.message)).toEqual(['Greeting: required (e.g. hello).', 'Times: must be a whole number from 1 to 9; got "12".']);
    const form = renderToStaticMarkup(<AgentSettings info={info} values={{ times: '12', style: 'loud' }} keyNames={{}} errors={checked.errors} keys={noKeys} onValue={() => undefined} onKeyName={() => undefined} />);
    expect(form).toContain('aria-label="echo-probe settings"');
    expect(form).toMatch(/Greeting \*.*data-setting="greeting"/);
    expect(form).toMatch(/aria-label="Times" aria-invalid="true"[^>]*placeholder="3"[^>]*value="12"/);
    expect(form).toMatch(/<option value="loud" selected="">LOUD<\/option>/);
    expect(form).toContain('Times: must be a whole number from 1 to 9; got &quot;12&quot;.');
    expect(checkAgentSettings(info, { greeting: 'hi', times: '2' }, {}, [])).toEqual({ agentSettings: { 'echo-probe.greeting': 'hi', 'echo-probe.times': '2' }, secretSettings: {}, errors: [] });
  });

  it('touchstone run --help lists it under --agent and its settings under --agent-opt', () => {
    const help = runUsage(REGISTRY);
    expect(help).toMatch(/--agent A +replay \| noop \| random \| llm \| http \| mcp \| echo-probe \(comma-separated/);
    expect(help).toMatch(/^ +echo-probe: greeting=TEXT, times=1\.\.9 \(3\), style=plain\|loud \(plain\)$/m);
    expect(runUsage()).not.toContain('echo-probe');
  });
});
