import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExecAction, ViewHierarchy } from '../model';
import { parseEss } from '../formats/ess';
import { numberComponents } from '../formats/number-components';
import { evaluateEssentialStates } from './sequencer';
import { createMatchServices } from './services';
import { matchItem } from './match-item';
import { mustParseXml, wordCosine } from './test-fixtures';
import { persistRuleFor, type PersistRule } from './persistence';
import type { ExecStepInput, GtStateInput, TraceInput } from './types';
import { simplifyScreen } from './simplify-screen';

// Goals reached and then undone (or not) on real screens: the Android location-permission dialog, the
// Pixel launcher behind it, and a shopping app's search screen with the keyboard open
// (../shared/fixtures/uiautomator, read in place; the "after" screens are the same dumps with one
// attribute or the keyboard's window changed, as the device would show them).
const UI = path.resolve(import.meta.dirname, '../../../shared/fixtures/uiautomator');
const DIALOG = path.join(UI, 'Ferruolo+chaos-monkey-ai__window_dump__permission_dialog.xml');
const LAUNCHER = path.join(UI, 'Ferruolo+chaos-monkey-ai__window_dump__launcher.xml');
const SEARCH = path.join(UI, 'kram1k+android_avito_parsing__search_hierarchy.xml');

const PERMISSION = 'com.google.android.permissioncontroller/com.android.permissioncontroller.permission.ui.GrantPermissionsActivity';
const HOME = 'com.google.android.apps.nexuslauncher/.NexusLauncherActivity';
const AVITO = 'com.avito.android/.search.SearchActivity';
const screen = { width: 1080, height: 2400 };
const TAP: ExecAction = { kind: 'click', at: { x: 0.5, y: 0.5 }, screen };
const DONE: ExecAction = { kind: 'complete', screen };

const read = (f: string): string => readFileSync(f, 'utf8');
/** The dialog with the other radio button chosen: what the screen shows after a tap on "Approximate". */
const approximateChosen = (xml: string): string => xml
  .replace(/(text="Precise"[^>]*?checked=")true"/, '$1false"')
  .replace(/(text="Approximate"[^>]*?checked=")false"/, '$1true"');
/** The search screen after the keyboard closed: the input method's window gone, the field no longer focused. */
function keyboardClosed(xml: string): string {
  const start = xml.search(/<node [^>]*package="com\.google\.android\.inputmethod\.latin"/);
  let depth = 0;
  let end = start;
  for (const m of xml.slice(start).matchAll(/<node\b[^>]*?(\/?)>|<\/node>/g)) {
    if (m[0] === '</node>') depth--; else if (m[1] !== '/') depth++;
    end = start + m.index + m[0].length;
    if (depth === 0) break;
  }
  return (xml.slice(0, start) + xml.slice(end)).replace(/(text="littlest pet shop"[^>]*?focused=")true"/, '$1false"');
}

function gtState(line: string, vh: ViewHierarchy, activity: string, step = 3): GtStateInput {
  const r = parseEss(line, `${step}.ess`);
  if (!r.ok) throw new Error(line);
  return { step, ess: r.value, components: numberComponents(vh, { xpath: false }), activity, hierarchy: vh, screenText: simplifyScreen(vh), screenSize: screen };
}
const step = (index: number, vh: ViewHierarchy, activity: string, action: ExecAction = TAP): ExecStepInput => ({ index, hierarchy: vh, activity, action, screenText: simplifyScreen(vh) });
const trace = (...steps: ExecStepInput[]): TraceInput => ({ episode: 'e', steps, problems: [] });
const svc = createMatchServices({ similarity: wordCosine });
const run = (gt: GtStateInput, t: TraceInput, persist?: PersistRule) => evaluateEssentialStates([gt], t, svc, { persist, finalGtStep: gt.step });

describe.skipIf(!existsSync(DIALOG))('persistence of the final state on real screens (../shared/fixtures absent → skipped)', () => {
  const dialog = mustParseXml(read(DIALOG), 'permission_dialog.xml');
  const undone = mustParseXml(approximateChosen(read(DIALOG)), 'permission_dialog (Approximate chosen)');
  const home = mustParseXml(read(LAUNCHER), 'launcher.xml');
  const precise = numberComponents(dialog, { xpath: false }).findIndex((c) => c.text === 'Precise' && c.class === 'android.widget.RadioButton');
  // "Allow location access with precise accuracy": on the dialog, the Precise button checked.
  const gt = gtState(`activity<0>|exact<${precise}>`, dialog, PERMISSION);

  it('the derived screen differs only in the radio buttons (the test screens are what they claim)', () => {
    expect(precise).toBeGreaterThanOrEqual(0);
    const on = dialog.nodes.filter((n) => n.checked).map((n) => n.text);
    const off = undone.nodes.filter((n) => n.checked).map((n) => n.text);
    expect([on, off]).toEqual([['Precise'], ['Approximate']]);
  });

  it('goal reached, then undone, then completion declared: fails naming the undoing step', () => {
    const t = trace(step(0, home, HOME), step(1, dialog, PERMISSION), step(2, dialog, PERMISSION), step(3, undone, PERMISSION), step(4, home, HOME, DONE));
    const r = run(gt, t);
    expect(r.completed).toBe(false);
    expect(r.persist).toBe('screen');
    expect(r.states[0]).toMatchObject({ matched: true, execStep: 1 });
    expect(r.states[1]).toMatchObject({ implicit: 'complete', matched: false, closestStep: 3 });
    expect(r.reason).toContain("Step 3 turned 'Precise' off again after step 1 reached it");
    expect(r.reason).toContain('the action before it, at step 2: click at (0.50, 0.50)');
    expect(r.progress).toBe(0.5);
    // The verdict before persistence (and with --persist none): the trace passed through the state, so completed.
    expect(run(gt, t, 'none').completed).toBe(true);
  });

  it('undone on the very screen where completion is declared: fails too', () => {
    const r = run(gt, trace(step(0, dialog, PERMISSION), step(1, undone, PERMISSION, DONE)));
    expect(r.completed).toBe(false);
    expect(r.reason).toContain("Step 1 turned 'Precise' off again after step 0 reached it");
  });

  it('undone and done again before the declaration passes', () => {
    const r = run(gt, trace(step(0, dialog, PERMISSION), step(1, undone, PERMISSION), step(2, dialog, PERMISSION), step(3, home, HOME, DONE)));
    expect(r.completed).toBe(true);
    expect(r.states[1]!.items.at(-1)).toMatchObject({ kind: 'persist', status: 'pass' });
    expect(r.states[1]!.items.at(-1)!.sentence).toContain(`exact<${precise}> (undone at step 1, done again at step 2)`);
  });

  it('goal reached, dialog dismissed (Allow), completion declared on the home screen: passes', () => {
    const r = run(gt, trace(step(0, dialog, PERMISSION), step(1, home, HOME, DONE)));
    expect(r.completed).toBe(true);
    expect(r.states[1]!.items.map((i) => [i.kind, i.status])).toEqual([['complete', 'pass'], ['persist', 'pass']]);
    expect(r.states[1]!.items[1]!.sentence).toBe(`No step from 0 to the declaration at step 1 undid exact<${precise}>.`);
  });

  it('a state that is not on the final screen may change afterwards', () => {
    const early = { ...gt, step: 1 };
    const r = evaluateEssentialStates([early], trace(step(0, dialog, PERMISSION), step(1, undone, PERMISSION, DONE)), svc, { finalGtStep: 3 });
    expect(r.completed).toBe(true);
  });

  it('the default: screen in fixed mode, none in legacy mode', () => {
    expect([persistRuleFor('fixed'), persistRuleFor('legacy'), persistRuleFor('legacy', 'screen'), persistRuleFor('fixed', 'none')]).toEqual(['screen', 'none', 'screen', 'none']);
    const t = trace(step(0, dialog, PERMISSION), step(1, undone, PERMISSION, DONE));
    expect(evaluateEssentialStates([gt], t, createMatchServices({ mode: 'legacy' }), { final: 'complete', finalGtStep: 3 }).completed).toBe(true);
  });
});

describe.skipIf(!existsSync(SEARCH))('persistence: the keyboard closes after the goal (real search screen)', () => {
  const open = mustParseXml(read(SEARCH), 'search_hierarchy.xml');
  const closed = mustParseXml(keyboardClosed(read(SEARCH)), 'search_hierarchy (keyboard closed)');
  const field = numberComponents(open, { xpath: false }).findIndex((c) => c.class === 'android.widget.EditText' && c.text === 'littlest pet shop');
  // "Search for littlest pet shop": the query typed into the search field (focused, keyboard up).
  const gt = gtState(`activity<0>|exact<${field}>|fuzzy<${field}>`, open, AVITO);

  it('goal reached, keyboard closed, completion declared: passes', () => {
    expect(open.nodes.some((n) => n.packageName === 'com.google.android.inputmethod.latin')).toBe(true);
    expect(closed.nodes.some((n) => n.packageName === 'com.google.android.inputmethod.latin')).toBe(false);
    const t = trace(step(0, open, AVITO, { kind: 'back', screen }), step(1, closed, AVITO, DONE));
    // At the declaration the exact item no longer holds (the field lost focus): only "undone" may fail it.
    expect(matchItem(gt.ess.items[1]!, gt, t.steps[1]!, t, svc)?.status).toBe('fail');
    const r = run(gt, t);
    expect(r.completed).toBe(true);
    expect(r.states[1]!.items.at(-1)).toMatchObject({ kind: 'persist', status: 'pass' });
  });
});
