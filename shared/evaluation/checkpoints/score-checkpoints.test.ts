import { describe, it, expect } from 'vitest';
import type { ExecAction } from '../../model';
import type { ExecStepInput } from '../types';
import { mustParseXml } from '../test-fixtures';
import { actionHistory, type ApiAction } from './action-history';
import { parseCheckpointTasks } from './mobile-bench-json';
import { scoreCheckpoint, scoreCheckpoints } from './score-checkpoints';
import type { CheckpointCategory, CheckpointExpr, CheckpointTask, HistoryEntry } from './types';

const SCREEN = { width: 1080, height: 2400 };
/** A uiautomator dump: one full-screen frame of `pkg` holding the given rows (text, bounds). */
function screen(pkg: string, rows: [string, string, string?][]): string {
  const nodes = rows.map(([text, bounds, id]) =>
    `<node index="0" text="" resource-id="${id ?? ''}" class="android.widget.LinearLayout" package="${pkg}" content-desc="" clickable="true" bounds="${bounds}">` +
    `<node index="0" text="${text}" resource-id="" class="android.widget.TextView" package="${pkg}" content-desc="" clickable="false" bounds="${bounds}"/></node>`).join('');
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="${pkg}" content-desc="" bounds="[0,0][1080,2400]">${nodes}</node></hierarchy>`;
}
const tapAt = (x: number, y: number): ExecAction => ({ kind: 'click', at: { x: x / 1080, y: y / 2400 }, screen: SCREEN });
function step(index: number, activity: string, xml: string, action: ExecAction | ApiAction): ExecStepInput {
  return { index, activity, hierarchy: mustParseXml(xml, `${index}.xml`), action: action as ExecAction, screenSize: SCREEN };
}

// The paper's worked example (Mobile-Bench, Section 3.4): the agent opens the right app, selects
// "air ticket", "Beijing" and "Shanghai", but types the wrong date. Written here in the paper's
// JSON form; the app is opened through an API call, which is both the package and the API checkpoint.
const WORKED = `[{
  "ID": "ctrip-ticket",
  "Query": "Book me an air ticket from Beijing to Shanghai on December 5.",
  "APP List": ["Ctrip"],
  "CheckPoints": {
    "Package": ["ctrip.android.view"],
    "Key phrase": ["air ticket", "Beijing", "Shanghai", "December 5"],
    "API": ["adb shell am start -n ctrip.android.view/.home.CtripSplashActivity"]
  }
}]`;
const HOME = 'ctrip.android.view/.home.CtripHomeActivity';
const FLIGHT = 'ctrip.android.view/.flight.FlightInquireActivity';
const wrongDateTrace = (): ExecStepInput[] => [
  step(0, 'com.android.launcher3/.Launcher', screen('com.android.launcher3', [['Ctrip', '[40,300][300,560]']]), { kind: 'api', command: 'adb shell am start -n ctrip.android.view/.home.CtripSplashActivity' }),
  step(1, HOME, screen('ctrip.android.view', [['Hotels', '[0,400][540,600]'], ['air ticket', '[540,400][1080,600]']]), tapAt(800, 500)),
  step(2, FLIGHT, screen('ctrip.android.view', [['From: Beijing', '[0,400][1080,520]', 'ctrip.android.view:id/from'], ['To: Guangzhou', '[0,520][1080,640]']]), tapAt(500, 460)),
  step(3, FLIGHT, screen('ctrip.android.view', [['Shanghai', '[0,700][1080,820]'], ['Shenzhen', '[0,820][1080,940]']]), tapAt(500, 760)),
  step(4, FLIGHT, screen('ctrip.android.view', [['Date', '[0,900][1080,1020]']]), tapAt(500, 950)),
  step(5, FLIGHT, screen('ctrip.android.view', [['Date', '[0,900][1080,1020]']]), { kind: 'type', text: 'December 6', screen: SCREEN }),
  step(6, FLIGHT, screen('ctrip.android.view', [['Search', '[0,1200][1080,1320]']]), { kind: 'complete', screen: SCREEN }),
];

function task(text: string): CheckpointTask {
  const r = parseCheckpointTasks(text, 'cases.json');
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value[0]!;
}

/** The worked example with its key phrases written as the paper's sequential group `[...]`. */
const WORKED_SEQ = WORKED.replace('"Key phrase": ["air ticket", "Beijing", "Shanghai", "December 5"]', '"Key phrase": [["air ticket", "Beijing", "Shanghai", "December 5"]]');

describe('sequential CheckPoints count one per element hit in order (the paper: Score_Sequen = |SC ∩ AH| / |SC|)', () => {
  it('the worked example with its sequence written as [] scores level 1 = 1/1 and level 2 = 5/6', () => {
    expect(WORKED_SEQ).not.toBe(WORKED);
    const r = scoreCheckpoints('ctrip-ticket', task(WORKED_SEQ), actionHistory(wrongDateTrace()));
    expect([r.passed.package, r.total.package, r.passed.all, r.total.all]).toEqual([1, 1, 5, 6]);
    expect([r.level1, r.level2, r.completed]).toEqual([1, 5 / 6, false]);
    const v = r.evidence.verdicts.find((x) => x.category === 'phrase')!;
    expect([v.hit, v.of, v.steps]).toEqual([3, 4, [1, 2, 3]]);
    expect(v.sentence).toBe('Key phrase ["air ticket","Beijing","Shanghai","December 5"]: 3 of 4 hit in order (steps 1, 2, 3); "December 5" is not reached in order.');
  });

  it('[["air ticket", "Beijing", "Guangzhou"]] with two of three reached in order scores 3/4 (package 1 + 2 of 3)', () => {
    const two = WORKED.replace('"Key phrase": ["air ticket", "Beijing", "Shanghai", "December 5"]', '"Key phrase": [["air ticket", "Beijing", "Guangzhou"]]').replace(/"API": \[[^\]]*\]/, '"API": []');
    const r = scoreCheckpoints('ctrip-ticket', task(two), actionHistory(wrongDateTrace()));
    expect([r.passed.all, r.total.all, r.level1, r.level2]).toEqual([3, 4, 1, 3 / 4]);
    // Reached out of order, only one counts: "Beijing" is tapped before "air ticket" here.
    const steps = wrongDateTrace();
    [steps[1], steps[2]] = [{ ...steps[2]!, index: 1 }, { ...steps[1]!, index: 2 }];
    expect(scoreCheckpoints('ctrip-ticket', task(two), actionHistory(steps)).level2).toBe(2 / 4);
  });
});

describe('the paper\'s worked example: right app, "air ticket", "Beijing", "Shanghai", wrong date', () => {
  it('scores level 1 = 1/1 and level 2 = 5/6 on the action history built from the trace', () => {
    const r = scoreCheckpoints('ctrip-ticket', task(WORKED), actionHistory(wrongDateTrace()));
    expect([r.passed.package, r.total.package, r.passed.all, r.total.all]).toEqual([1, 1, 5, 6]);
    expect(r.level1).toBe(1);
    expect(r.level2).toBeCloseTo(5 / 6);
    expect(r.completed).toBe(false);
    const v = Object.fromEntries(r.evidence.verdicts.map((x) => [x.spelling, [x.passed, x.steps]]));
    expect(v).toEqual({
      'ctrip.android.view': [true, [0]],
      'air ticket': [true, [1]], Beijing: [true, [2]], Shanghai: [true, [3]], 'December 5': [false, []],
      'adb shell am start -n ctrip.android.view/.home.CtripSplashActivity': [true, [0]],
    });
    expect(r.reason).toContain('Key phrase "December 5" fails');
    expect(r.evidence.history).toContain('step 5: type "December 6"');
  });

  it('typing the right date completes it (level 2 = 6/6)', () => {
    const steps = wrongDateTrace();
    steps[5] = { ...steps[5]!, action: { kind: 'type', text: 'December 5', screen: SCREEN } };
    const r = scoreCheckpoints('ctrip-ticket', task(WORKED), actionHistory(steps));
    expect([r.level1, r.level2, r.completed]).toEqual([1, 1, true]);
  });

  it('opening the app through the UI instead of the API passes the package but not the API checkpoint', () => {
    const steps = wrongDateTrace();
    steps[0] = { ...steps[0]!, action: tapAt(100, 400) };
    const r = scoreCheckpoints('ctrip-ticket', task(WORKED), actionHistory(steps));
    expect([r.passed.package, r.passed.all]).toEqual([1, 4]);
    expect(r.evidence.verdicts.find((x) => x.category === 'package')!.steps).toEqual([1]);
  });
});

/** A history where entry i carries the words of words[i] (one package, no command). */
const hist = (...words: string[][]): HistoryEntry[] => words.map((w, i) => ({ step: i, kind: 'tap', describe: w.join(' '), texts: w, packages: [] }));
const seq = (...of: CheckpointExpr[]): CheckpointExpr => ({ kind: 'seq', of });
const all = (...of: CheckpointExpr[]): CheckpointExpr => ({ kind: 'all', of });
const any = (...of: CheckpointExpr[]): CheckpointExpr => ({ kind: 'any', of });
const l = (value: string): CheckpointExpr => ({ kind: 'leaf', value });
/** name, checkpoint, history, passed, steps that hit it, and (sequences) members hit of members. */
type Row = [string, CheckpointExpr, HistoryEntry[], boolean, number[], [number, number]?];
const run = (rows: Row[], cat: CheckpointCategory = 'phrase'): void => {
  it.each(rows)('%s', (_name, e, h, passed, steps, count) => {
    const v = scoreCheckpoint(cat, e, h);
    expect([v.passed, v.steps, [v.hit, v.of]]).toEqual([passed, steps, count ?? [passed ? 1 : 0, 1]]);
  });
};

describe('sequential groups [...]', () => run([
  ['in order', seq(l('a'), l('b')), hist(['a'], ['b']), true, [0, 1], [2, 2]],
  ['reversed order: one member counts', seq(l('a'), l('b')), hist(['b'], ['a']), false, [1], [1, 2]],
  ['one action carrying both counts (at or after)', seq(l('a'), l('b')), hist(['x'], ['a', 'b']), true, [1, 1], [2, 2]],
  ['an early b is skipped, the b after a counts', seq(l('a'), l('b')), hist(['b'], ['a'], ['z'], ['b']), true, [1, 3], [2, 2]],
  ['three members, the middle one missing: the other two count', seq(l('a'), l('m'), l('b')), hist(['a'], ['b']), false, [0, 1], [2, 3]],
  ['the most members in order, not the first found: b, c after a late a', seq(l('a'), l('b'), l('c')), hist(['b'], ['c'], ['a']), false, [0, 1], [2, 3]],
  ['nothing reached', seq(l('a'), l('b')), hist(['z']), false, [], [0, 2]],
  ['a nested sequence counts its members', seq(seq(l('a'), l('b')), l('c')), hist(['a'], ['c']), false, [0, 1], [2, 3]],
  ['a disjunction inside a sequence counts one', seq(any(l('x'), l('a')), l('b')), hist(['a'], ['b']), true, [0, 1], [2, 2]],
  ['a conjunction inside a sequence ends at its last member', seq(all(l('a'), l('c')), l('b')), hist(['c'], ['b'], ['a']), false, [0, 2], [1, 2]],
  ['... and passes when b comes after both', seq(all(l('a'), l('c')), l('b')), hist(['c'], ['a'], ['b']), true, [0, 1, 2], [2, 2]],
  ['phrases match inside longer texts, case-insensitively', seq(l('air ticket'), l('beijing')), hist(['Book AIR TICKETS'], ['From: Beijing']), true, [0, 1], [2, 2]],
]));

describe('conjunctive groups ["&", ...]', () => run([
  ['all present, any order', all(l('a'), l('b')), hist(['b'], ['a']), true, [0, 1]],
  ['one missing fails', all(l('a'), l('b')), hist(['a'], ['a']), false, []],
  ['all in one action', all(l('a'), l('b'), l('c')), hist(['a', 'b', 'c']), true, [0]],
  ['a sequence inside a conjunction', all(seq(l('a'), l('b')), l('c')), hist(['c'], ['b'], ['a']), false, []],
  ['empty history fails', all(l('a')), [], false, []],
]));

describe('disjunctive groups ["|", ...]', () => run([
  ['the second alternative', any(l('a'), l('b')), hist(['z'], ['b']), true, [1]],
  ['none present fails', any(l('a'), l('b')), hist(['c']), false, []],
  ['the earliest alternative is reported', any(l('a'), l('b')), hist(['b'], ['a']), true, [0]],
  ['a conjunction as an alternative', any(all(l('a'), l('b')), l('c')), hist(['a'], ['b']), true, [0, 1]],
]));

describe('package and API checkpoints', () => {
  const h: HistoryEntry[] = [
    { step: 0, kind: 'api', describe: 'api', texts: [], packages: ['com.android.calendar'], command: 'adb shell am start -a android.intent.action.INSERT -t vnd.android.cursor.item/event -e title "Meeting" --es beginTime 2024-07-12T15:00' },
    { step: 1, kind: 'tap', describe: 'tap', texts: ['Save'], packages: ['com.android.calendar'] },
    { step: 2, kind: 'tap', describe: 'tap', texts: ['com.android.mms'], packages: ['com.miui.home'] },
  ];
  run([
    ['a package is the foreground (or launched) app, exactly', l('com.android.calendar'), h, true, [0]],
    ['a package named only in a text does not count', l('com.android.mms'), h, false, []],
    ['packages in sequence', seq(l('com.android.calendar'), l('com.miui.home')), h, true, [0, 2], [2, 2]],
  ], 'package');
  run([
    ['`adb shell`, quotes and spacing are ignored; <...> placeholders match anything', l('am start -a android.intent.action.INSERT -t vnd.android.cursor.item/event -e "title" "<title>" --es "beginTime" "<startTimestamp>"'), h, true, [0]],
    ['a different intent fails', l('adb shell am start -a android.intent.action.SEND'), h, false, []],
    ['a UI action never satisfies an API checkpoint', l('Save'), h, false, []],
  ], 'api');
});

describe('scores', () => {
  it('a whole-list group in the released form (["&", ...]) counts once; level 1 is 1 when no package is named', () => {
    const t = task('[{"id": 888, "query": "Calculate 7*22-3", "app": "Calculator", "check_point": {"text": ["&", "7", "x", "22"]}}]');
    const r = scoreCheckpoints('888', t, hist(['7'], ['x'], ['22']));
    expect([r.total.all, r.passed.all, r.level1, r.level2, r.completed]).toEqual([1, 1, 1, 1, true]);
  });

  it('a task with no checkpoints has no verdict and says so', () => {
    const r = scoreCheckpoints('e', task('{"ID": "e", "Query": "q", "CheckPoints": {}}'), hist(['a']));
    expect([r.completed, r.level2, r.reason]).toEqual([undefined, 0, 'Test case e has no CheckPoints.']);
  });
});
