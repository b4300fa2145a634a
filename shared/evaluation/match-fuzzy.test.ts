import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NumberedComponent } from '../model';
import { createMatchServices } from './services';
import { DEFAULT_FUZZY_CANDIDATES, fuzzyCandidates, matchFuzzyNode, matchFuzzyScreen, screenLineDiff } from './match-fuzzy';
import { matchActivity } from './match-activity';
import { mustParseXml, wordCosine } from './test-fixtures';
import type { ExecStepInput, GtStateInput } from './types';
import { parseEss } from '../formats/ess';

const EP = path.resolve(import.meta.dirname, '../../../shared/fixtures/llamatouch/episodes/trace_18');

describe.skipIf(!existsSync(EP))('textbox fuzzy match on trace_18 screen 4 (../shared/fixtures absent → skipped)', () => {
  const xml = readFileSync(path.join(EP, '4.xml'), 'utf8');
  const components = JSON.parse(readFileSync(path.join(EP, '4.json'), 'utf8')) as NumberedComponent[];
  const r = parseEss('fuzzy<6>', '4.ess');
  if (!r.ok) throw new Error('ess');
  const gt: GtStateInput = { step: 4, ess: r.value, components };
  const item = r.value.items[0]!;
  if (item.kind !== 'fuzzy' || !('index' in item.target)) throw new Error('fuzzy');
  const target = item.target;
  const step = (text: string): ExecStepInput => ({ index: 0, action: { kind: 'none' }, hierarchy: mustParseXml(text, '4.xml') });
  const asked: string[] = [];
  const svc = createMatchServices({ fuzzyThreshold: 0.6, similarity: (a, b) => { asked.push(b); return wordCosine(a, b); } });

  it.each([
    { label: 'same text', text: 'Select the correct image', status: 'pass' },
    { label: 'case and spacing differ', text: 'SELECT  the Correct image', status: 'pass' },
    { label: 'reworded', text: 'Select the correct picture', status: 'pass' },
    { label: 'unrelated', text: 'Choose your language', status: 'fail' },
  ])('$label -> $status', ({ label, text, status }) => {
    const exec = step(xml.replace('text="Select the correct image"', `text="${text}"`));
    asked.length = 0;
    const v = matchFuzzyNode(item.raw, target, gt, exec, svc);
    expect(v.status).toBe(status);
    expect(v.evidence.expected).toBe('select the correct image');
    // Equal texts need no embedding; otherwise only the few lexically closest texts are compared.
    expect(asked.length).toBe(label === 'same text' || label === 'case and spacing differ' ? 0 : DEFAULT_FUZZY_CANDIDATES);
    if (status === 'pass') expect(v.evidence.candidate?.text.toLowerCase().replace(/\s+/g, ' ')).toBe(text.toLowerCase().replace(/\s+/g, ' '));
  });

  it('the prefilter ranks texts by shared character pairs', () => {
    const exec = step(xml.replace('text="Select the correct image"', 'text="Select the correct picture"'));
    expect(fuzzyCandidates(exec, 'select the correct image', 2)[0]).toBe('select the correct picture');
  });

  it('legacy fuzzy is raw text equality', () => {
    const exec = step(xml.replace('text="Select the correct image"', 'text="select the correct image"'));
    expect(matchFuzzyNode(item.raw, target, gt, exec, createMatchServices({ mode: 'legacy' })).status).toBe('fail');
  });
});

describe('activity matcher', () => {
  const gt = (activity: string): GtStateInput => ({ step: 0, ess: { items: [], raw: '', trailingNewline: false }, components: [], activity });
  const ex = (activity: string | undefined): ExecStepInput => ({ index: 0, action: { kind: 'none' }, activity });
  it.each([
    { g: 'com.android.settings/.Settings', e: 'com.android.settings/com.android.settings.Settings', fixed: 'pass', legacy: 'fail' },
    { g: 'com.duolingo/com.duolingo.app.LoginActivity', e: 'com.duolingo', fixed: 'fail', legacy: 'pass' },
    { g: 'com.duolingo/com.duolingo.app.LoginActivity', e: '', fixed: 'fail', legacy: 'pass' },
    { g: 'com.duolingo/.app.LoginActivity', e: 'com.duolingo/.session.SessionActivity', fixed: 'fail', legacy: 'fail' },
    { g: 'null', e: 'com.x/.Y', fixed: 'fail', legacy: 'pass' },
  ])('$g vs "$e": fixed $fixed, legacy $legacy', ({ g, e, fixed, legacy }) => {
    const f = matchActivity('activity<0>', gt(g), ex(e), createMatchServices());
    expect(f.status === 'pass' ? 'pass' : 'fail').toBe(fixed);
    expect(matchActivity('activity<0>', gt(g), ex(e), createMatchServices({ mode: 'legacy' })).status).toBe(legacy);
  });
});

describe('screen-level fuzzy: which lines differ', () => {
  const gtText = ['<p>Inbox</p>', '<button>Compose</button>', '<p>3 unread</p>', '<p>Meeting at 10</p>', '<p>Meeting at 10</p>'].join('\n');
  const execText = ['<p>Inbox</p>', '<button>Compose</button>', '<p>4 unread</p>', '<p>Meeting at 10</p>', '<p>Lunch</p>'].join('\n');

  it('lists the lines only one side has, counting repeated lines', () => {
    const d = screenLineDiff(gtText, execText);
    expect(d.onlyExpected).toEqual(['<p>3 unread</p>', '<p>Meeting at 10</p>']);
    expect(d.onlyActual).toEqual(['<p>4 unread</p>', '<p>Lunch</p>']);
    expect(screenLineDiff('a\nb', 'b\na').sentence).toBe('the same lines in another order');
    expect(screenLineDiff('a\nb', 'a\n\nb').sentence).toBe('the same lines, apart from blank ones');
  });

  it('says it in the verdict and lists them in the evidence', () => {
    const ess = parseEss('fuzzy<-1>', 'x.ess');
    if (!ess.ok) throw new Error('ess');
    const gt: GtStateInput = { step: 1, ess: ess.value, components: [], screenText: gtText };
    const exec = { index: 3, screenText: execText, hierarchy: { nodes: [], roots: [] }, action: { kind: 'back' } } as unknown as ExecStepInput;
    const v = matchFuzzyScreen('fuzzy<-1>', gt, exec, createMatchServices({ similarity: () => 0.8, screenThreshold: 0.9 }));
    expect(v.status).toBe('fail');
    expect(v.sentence).toBe('Screen text similarity is 0.8 (similar when >= 0.9); 2 of 5 ground-truth lines are not on the execution screen (e.g. "<p>3 unread</p>"), 2 of 5 execution lines are new (e.g. "<p>4 unread</p>").');
    expect(v.evidence.differences).toEqual(['- <p>3 unread</p>', '- <p>Meeting at 10</p>', '+ <p>4 unread</p>', '+ <p>Lunch</p>']);
  });
});
