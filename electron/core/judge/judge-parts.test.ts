import { describe, it, expect } from 'vitest';
import { parseVerdict } from './parse-verdict';
import { defaultPromptFile, loadPromptTemplate, parsePromptTemplate, promptHash } from './judge-prompt';
import { buildJudgeRequest, isQueryTask } from './judge-request';
import { mustParseXml } from '../../../shared/evaluation/test-fixtures';
import type { TraceInput } from '../../../shared/evaluation/types';
import { costOf, parsePrices } from './pricing';
import { crossValidate } from './run-judge';
import { redact } from './judge-client';
import { judgeOptionsFrom } from './judge-config';

describe('parseVerdict: what judge models actually reply', () => {
  it.each([
    ['{"completed": true, "reason": "The alarm is set."}', true, 'The alarm is set.'],
    ['```json\n{"completed": false, "reason": "Still on the home screen."}\n```', false, 'Still on the home screen.'],
    ['Sure! {"completed": "yes", "reason": "done {x}"} hope this helps', true, 'done {x}'],
    ['{"verdict": "not completed", "explanation": "wrong date"}', false, 'wrong date'],
    ['Not completed. Reason: the date is wrong.', false, 'the date is wrong.'],
    ['Completed: the song plays.', true, 'the song plays.'],
    ['**Not completed** - the cart is empty.', false, 'the cart is empty.'],
    ['{"completed": false}', false, '(no reason given)'],
  ])('%s', (reply, completed, reason) => expect(parseVerdict(reply)).toEqual({ ok: true, completed, reason }));

  it.each(['I think maybe?', '{"completed": "perhaps"}', ''])('unreadable: %j', (reply) => {
    const r = parseVerdict(reply);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/^The reply is neither \{"completed": \.\.\., "reason": \.\.\.\} nor "completed"\/"not completed"/);
  });
});

describe('the prompt file', () => {
  it('the shipped prompt has a system and a user message using every placeholder, and no warning', () => {
    const t = loadPromptTemplate(defaultPromptFile());
    expect(t.system).toMatch(/^You are a strict evaluator/);
    for (const p of ['instruction', 'frames', 'screens', 'actions']) expect(t.user).toContain(`{{${p}}}`);
    expect(t.warnings).toEqual([]);
    expect(t.user).not.toContain('Placeholders, replaced'); // the comment part is not sent
  });

  it('a file without headings is one user message; unknown placeholders are errors with file and line', () => {
    expect(parsePromptTemplate('Task: {{instruction}}\n{{screens}}', 'p.md')).toMatchObject({ system: '', user: 'Task: {{instruction}}\n{{screens}}', warnings: [] });
    expect(() => parsePromptTemplate('## User\nTask: {{instruction}}\n{{screen}}', 'p.md')).toThrow('p.md:3: unknown placeholder {{screen}}');
    expect(parsePromptTemplate('## User\nJust say yes.', 'p.md').warnings).toEqual([
      'p.md: the prompt has no {{instruction}}, so the judge will not see the task.', 'p.md: the prompt has no {{screens}}, so the judge will not see the screens.',
    ]);
    expect(() => loadPromptTemplate('/no/such/prompt.md')).toThrow(/Cannot read the judge prompt \/no\/such\/prompt\.md: .*--judge-prompt/);
  });

  it('the hash changes with the messages and the sampling settings', () => {
    const m = [{ role: 'user' as const, content: 'a' }];
    expect(promptHash(m, { t: 0 })).toBe(promptHash([{ role: 'user', content: 'a' }], { t: 0 }));
    expect(promptHash(m, { t: 0 })).not.toBe(promptHash([{ role: 'user', content: 'b' }], { t: 0 }));
    expect(promptHash(m, { t: 0 })).not.toBe(promptHash(m, { t: 1 }));
  });
});

describe('judge helpers', () => {
  it.each([
    ['What is the weather in Paris today?', true], ['How many unread emails do I have', true], ['Check the battery level', true],
    ['Practice pronunciation in French in Duolingo.', false], ['Open the settings', false], ['Set an alarm for 7 am', false],
  ])('isQueryTask(%j) = %s', (s, q) => expect(isQueryTask(s)).toBe(q));

  it('prices: one for every model or per model; unknown models have no cost', () => {
    expect(parsePrices('0.15/0.6')).toEqual({ '*': { input: 0.15, output: 0.6 } });
    const t = parsePrices('gpt-4o=2.5/10, small=0.1/0.4');
    expect(costOf(t, 'gpt-4o', { prompt: 1_000_000, completion: 100_000 })).toBeCloseTo(3.5);
    expect(costOf(t, 'other', { prompt: 1, completion: 1 })).toBeUndefined();
    expect(() => parsePrices('cheap')).toThrow(/--judge-price must be IN\/OUT/);
  });

  it('cross-validation: one model decides; two decide when they agree; a missing answer waits for a human', () => {
    const a = (model: string, completed?: boolean) => ({ model, completed, reason: `${model} says`, cached: false, usage: { prompt: 0, completion: 0 }, error: completed === undefined ? 'HTTP 500' : undefined });
    expect(crossValidate('e', [a('m', true)])).toEqual({ completed: true, needsHuman: false, reason: 'm says' });
    expect(crossValidate('e', [a('m', false), a('n', false)])).toEqual({ completed: false, needsHuman: false, reason: '2 judges agree: m says' });
    expect(crossValidate('e', [a('m', true), a('n', false)])).toEqual({ needsHuman: true, reason: 'Needs a human: the judges disagree on e: m: completed (m says); n: not completed (n says).' });
    expect(crossValidate('e', [a('m', true), a('n')])).toEqual({ needsHuman: true, reason: 'Needs a human: m: completed (m says); n gave no verdict (HTTP 500).' });
  });

  it('redact removes the key and bearer tokens from messages', () => {
    expect(redact('401: bad key sk-abc123 (Authorization: Bearer sk-abc123)', 'sk-abc123')).toBe('401: bad key [redacted] (Authorization: Bearer [redacted])');
  });

  it('options: flags over TOUCHSTONE_LLM_* variables; clear errors when something is missing', () => {
    const env = { TOUCHSTONE_LLM_BASE_URL: 'http://127.0.0.1:9/v1', TOUCHSTONE_LLM_MODEL: 'a,b', TOUCHSTONE_LLM_API_KEY: 'k' };
    const o = judgeOptionsFrom({}, env);
    expect([o.endpoint.baseURL, o.models, o.endpoint.apiKey, o.input, o.frames]).toEqual(['http://127.0.0.1:9/v1', ['a', 'b'], 'k', 'text', 'auto']);
    expect(judgeOptionsFrom({ 'llm-model': 'c', 'judge-input': 'vision' }, env)).toMatchObject({ models: ['c'], input: 'vision' });
    expect([o.endpoint.timeoutMs, judgeOptionsFrom({ 'judge-timeout': '5' }, env).endpoint.timeoutMs]).toEqual([120_000, 5_000]);
    expect(() => judgeOptionsFrom({ 'judge-timeout': '0' }, env)).toThrow(/--judge-timeout must be a whole number >= 1/);
    expect(() => judgeOptionsFrom({}, {})).toThrow(/--llm-base-url URL or set TOUCHSTONE_LLM_BASE_URL/);
    expect(() => judgeOptionsFrom({ 'llm-base-url': 'http://x/v1' }, {})).toThrow(/--llm-model NAME .* or set TOUCHSTONE_LLM_MODEL/);
    expect(() => judgeOptionsFrom({ 'llm-model': 'a,b,c' }, env)).toThrow(/one model, or two different ones/);
    expect(() => judgeOptionsFrom({ 'judge-frames': 'some' }, env)).toThrow(/--judge-frames must be auto, final or all/);
  });
});

describe('what the judge is sent', () => {
  const xml = (text: string): string => `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="${text}" resource-id="" class="android.widget.TextView" package="com.weather" content-desc="" bounds="[0,0][1080,200]"/></hierarchy>`;
  const trace: TraceInput = {
    episode: 'w', problems: [],
    steps: ['Home', 'Paris: 21°C, sunny', 'Settings'].map((t, i) => ({ index: i, activity: `com.weather/.A${i}`, hierarchy: mustParseXml(xml(t), `${i}.xml`), action: i === 2 ? { kind: 'complete', screen: { width: 1080, height: 2400 } } : { kind: 'back', screen: { width: 1080, height: 2400 } } })),
  };
  const template = parsePromptTemplate('## System\nJudge.\n## User\nTask: {{instruction}}\nYou see {{frames}}.\n{{screens}}\n{{actions}}', 'p.md');
  const userText = (r: ReturnType<typeof buildJudgeRequest>): string => r.messages.find((m) => m.role === 'user')!.content as string;

  it('an information query gets the whole sequence of hierarchies (the answer was on an earlier screen)', () => {
    const r = buildJudgeRequest(template, 'What is the weather in Paris?', trace, 'text', 'auto');
    expect(r.frames).toEqual([0, 1, 2]);
    const text = userText(r);
    expect(text).toContain('You see 3 screens, in order.');
    expect(text).toContain('### Screen of step 1 (activity com.weather/.A1)\n<p>Paris: 21°C, sunny</p>');
    expect(text).toContain('- step 2: declare the task complete');
    expect(r.messages[0]).toEqual({ role: 'system', content: 'Judge.' });
  });

  it('an operation task gets the final hierarchy only; --judge-frames all overrides', () => {
    const r = buildJudgeRequest(template, 'Open the settings', trace, 'text', 'auto');
    expect(r.frames).toEqual([2]);
    expect(userText(r)).not.toContain('Paris');
    expect(buildJudgeRequest(template, 'Open the settings', trace, 'text', 'all').frames).toEqual([0, 1, 2]);
    expect(buildJudgeRequest(template, 'What is the weather?', trace, 'text', 'final').frames).toEqual([2]);
  });

  it('vision without screenshots says which are missing instead of failing', () => {
    const r = buildJudgeRequest(template, 'Open the settings', trace, 'vision', 'final');
    expect(r.problems).toEqual(['Step 2: no screenshot recorded.']);
  });
});
