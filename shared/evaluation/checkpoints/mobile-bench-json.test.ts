import { describe, it, expect } from 'vitest';
import { formatCheckpointTasks, parseCheckpointTasks } from './mobile-bench-json';
import { scoreCheckpoints } from './score-checkpoints';
import type { CheckpointTask } from './types';

const ok = (text: string): CheckpointTask[] => {
  const r = parseCheckpointTasks(text, 'cases.json');
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value;
};

describe('Mobile-Bench test cases (JSON)', () => {
  it('reads the paper\'s form with sequential, conjunctive and disjunctive groups', () => {
    const [t] = ok(`[{"ID": 7, "Query": "Share tech news from Weibo with my QQ friends.", "APP List": ["Weibo", "QQ"],
      "CheckPoints": {"Package": [["com.sina.weibo", "com.tencent.mobileqq"]], "Key phrase": [["|", "tech", "technology"], ["&", "QQ", "friend"]],
      "API": ["adb shell am start -n com.sina.weibo/.SplashActivity"]}}]`);
    expect(t).toEqual({
      id: '7', query: 'Share tech news from Weibo with my QQ friends.', apps: ['Weibo', 'QQ'],
      checkpoints: {
        package: [{ kind: 'seq', of: [{ kind: 'leaf', value: 'com.sina.weibo' }, { kind: 'leaf', value: 'com.tencent.mobileqq' }] }],
        phrase: [{ kind: 'any', of: [{ kind: 'leaf', value: 'tech' }, { kind: 'leaf', value: 'technology' }] }, { kind: 'all', of: [{ kind: 'leaf', value: 'QQ' }, { kind: 'leaf', value: 'friend' }] }],
        api: [{ kind: 'leaf', value: 'adb shell am start -n com.sina.weibo/.SplashActivity' }],
      },
    });
  });

  it('reads the released data\'s forms: check_point with text/txt, a single package string, whole-list operators, "case", // comments', () => {
    const ts = ok(`// licence header as in data.json
[
  {"id": 1, "query": "q1", "check_point": {"package": "com.android.calendar", "text": ["remind", "meeting"], "api": ["adb shell am start -n com.miui.calculator/.cal.CalculatorActivity", ""]}, "app": "Calendar"},
  {"id": 21, "query": "q2", "check_point": {"package": ["ctrip.android.view", "com.miui.weather2"], "txt": ["book", "ticket"], "api": []}, "app": ["Ctrip", "Weather"]},
  {"id": 888, "case": {"app": "Calculator", "query": "Calculate 7*22-3"}, "check_point": {"package": "com.miui.calculator", "text": ["&", "7", "22"]}, "skip_condition": {}}
]`);
    expect(ts.map((t) => [t.id, t.query, t.apps, t.checkpoints.package.length, t.checkpoints.phrase.length, t.checkpoints.api.length])).toEqual([
      ['1', 'q1', ['Calendar'], 1, 2, 1], ['21', 'q2', ['Ctrip', 'Weather'], 2, 2, 0], ['888', 'Calculate 7*22-3', ['Calculator'], 1, 1, 0],
    ]);
    expect(ts[2]!.checkpoints.phrase[0]).toEqual({ kind: 'all', of: [{ kind: 'leaf', value: '7' }, { kind: 'leaf', value: '22' }] });
    expect(ts[2]!.extra).toEqual({ skip_condition: {} });
  });

  it('writes the paper\'s form, and reading it back gives the same test cases', () => {
    const src = ok(`[{"ID": "a", "Query": "q", "APP List": ["X"], "CheckPoints": {"Package": ["p.q"], "Key phrase": [["a", ["|", "b", ["&", "c", "d"]]]], "API": []}, "note": "kept"}]`);
    const text = formatCheckpointTasks(src);
    expect(JSON.parse(text)).toEqual([{ ID: 'a', Query: 'q', 'APP List': ['X'], CheckPoints: { Package: ['p.q'], 'Key phrase': [['a', ['|', 'b', ['&', 'c', 'd']]]], API: [] }, note: 'kept' }]);
    expect(ok(text)).toEqual(src);
    expect(formatCheckpointTasks(ok(text))).toBe(text);
  });

  it.each([
    ['not JSON', '[{"ID": 1,', /Not valid JSON/],
    ['no ID', '[{"Query": "q", "CheckPoints": {}}]', /test case 0: has no ID/],
    ['no CheckPoints', '[{"ID": "x", "Query": "q"}]', /test case 0 \(ID x\): has no CheckPoints/],
    ['a number-only object as a checkpoint', '[{"ID": "x", "CheckPoints": {"Key phrase": [{"a": 1}]}}]', /test case 0 \(ID x\): CheckPoints.Key phrase\[0\] must be a string or a list/],
  ])('%s is an error naming the test case and what to write', (_n, text, msg) => {
    const r = parseCheckpointTasks(text, 'cases.json');
    const problems = r.ok ? r.warnings : r.problems;
    expect(problems.map((p) => `${p.file}: ${p.message}`).join('\n')).toMatch(msg);
    expect(problems.every((p) => p.file === 'cases.json')).toBe(true);
  });

  it('keys of the released data that are not scored are kept per test case with why, and reported by the score; txt adds to text; "a|b" is a disjunction; an API entry object gives its command', () => {
    const t = ok('[{"id": 5, "query": ["搜索", "照片"], "check_point": {"activity": "com.miui.gallery", "resource-id": "", "text": "照片|相册", "txt": ["北京"], "to_speak": "好的", "api": [{"ADB Command": "adb shell monkey -p com.Qunar 1", "Function Description": "start"}], "teardown": [""], "status": {"checked": "false"}}}]')[0]!;
    expect(t.query).toBe('搜索 照片');
    expect(t.checkpoints.phrase).toEqual([{ kind: 'any', of: [{ kind: 'leaf', value: '照片' }, { kind: 'leaf', value: '相册' }] }, { kind: 'leaf', value: '北京' }]);
    expect(t.checkpoints.api).toEqual([{ kind: 'leaf', value: 'adb shell monkey -p com.Qunar 1' }]);
    // Empty values ("", [""]) hold nothing to check; the others are listed.
    expect(t.unsupported?.map((u) => [u.key, u.value])).toEqual([['activity', 'com.miui.gallery'], ['to_speak', '好的'], ['status', { checked: 'false' }]]);
    const r = scoreCheckpoints('5', t, []);
    expect(r.problems).toEqual([
      'Test case 5: "activity" "com.miui.gallery" is not supported: foreground activities are not one of the paper\'s CheckPoint categories (Package, Key phrase, API); essential states check them; not scored.',
      'Test case 5: "to_speak" "好的" is not supported: the voice assistant\'s spoken reply is not recorded in a trace; not scored.',
      'Test case 5: "status" {"checked":"false"} is not supported: the state of an element (checked ...) is not in the action history; not scored.',
    ]);
    expect(JSON.parse(formatCheckpointTasks([t]))[0].CheckPoints).toMatchObject({ activity: 'com.miui.gallery', to_speak: '好的', status: { checked: 'false' } });
  });

  it('a bad test case is skipped, the others load; unknown categories and duplicates are warnings', () => {
    const r = parseCheckpointTasks('[{"ID": "a", "CheckPoints": {"activity": "x.y", "text": ["k"]}}, {"Query": "no id"}, {"ID": "a", "CheckPoints": {"text": ["k2"]}}]', 'c.json');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((t) => t.checkpoints.phrase)).toEqual([[{ kind: 'leaf', value: 'k' }], [{ kind: 'leaf', value: 'k2' }]]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      'test case 0 (ID a): CheckPoints.activity is not supported: foreground activities are not one of the paper\'s CheckPoint categories (Package, Key phrase, API); essential states check them; not scored.',
      'test case 1: has no ID.',
      'ID a appears more than once; the last test case is used.',
    ]);
  });
});
