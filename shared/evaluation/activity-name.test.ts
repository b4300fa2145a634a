import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatActivityName, parseActivityName, sameActivity, upstreamActivityMatch } from './activity-name';
import { matchActivity } from './match-activity';
import { createMatchServices } from './services';
import type { ExecStepInput, GtStateInput } from './types';
import { normaliseComponent } from '../formats/dumpsys';

const DUMPSYS = path.resolve(import.meta.dirname, '../../../shared/fixtures/dumpsys');

/** The fixture's text, UTF-16LE captures included. */
function readDumpsys(file: string): string {
  const b = readFileSync(file);
  const utf16 = (b[0] === 0xff && b[1] === 0xfe) || (b.length > 1 && b[1] === 0);
  return new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(b);
}

/** AgentEnv's `app_current()['activity']` forms of a component: the part after the slash, short and full. */
function agentEnvForms(component: string): { short: string; full: string } {
  const [pkg, cls] = normaliseComponent(component).split('/') as [string, string];
  return { full: cls, short: cls.startsWith(`${pkg}.`) ? cls.slice(pkg.length) : cls };
}

const parsed = (s: string): string | undefined => { const a = parseActivityName(s); return a && formatActivityName(a); };

describe('activity names in every recorder form', () => {
  it.each([
    ['com.duolingo/.app.LoginActivity', 'com.duolingo/com.duolingo.app.LoginActivity'],
    ['com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo/com.duolingo.app.LoginActivity'],
    ['.ui.BrowseActivity', '.ui.BrowseActivity'],
    ['com.discord.ui.BrowseActivity', 'com.discord.ui.BrowseActivity'],
    ['  com.x/.A\r\n', 'com.x/com.x.A'],
    ['com.mediatek.camera/.CameraLauncher} t12}', 'com.mediatek.camera/com.mediatek.camera.CameraLauncher'],
    ['com.mediatek.camera/.CameraLauncher t12', 'com.mediatek.camera/com.mediatek.camera.CameraLauncher'],
    ['ActivityRecord{1f72345 u0 com.mediatek.camera/.CameraLauncher} t12}', 'com.mediatek.camera/com.mediatek.camera.CameraLauncher'],
    ['mCurrentFocus=Window{1651cd4 u0 com.android.settings/com.android.settings.SubSettings}', 'com.android.settings/com.android.settings.SubSettings'],
    ['com.android.settings/com.android.settings.SubSettings}]', 'com.android.settings/com.android.settings.SubSettings'],
    ['com.android.settings/.Settings$DisplaySettingsActivity}:', 'com.android.settings/com.android.settings.Settings$DisplaySettingsActivity'],
    ['com.android.systemui.ImageWallpaper', 'com.android.systemui.ImageWallpaper'],
    ['mCurrentFocus=Window{1651cd4 u0 NotificationShade}', 'NotificationShade'],
    ['', undefined],
    ['{ }', undefined],
  ])('%j reads as %j', (raw, want) => {
    expect(parsed(raw)).toBe(want);
  });

  it.each([
    // [ground truth, execution, same?]
    ['com.discord/.ui.BrowseActivity', '.ui.BrowseActivity', true],
    ['com.discord/.ui.BrowseActivity', 'com.discord.ui.BrowseActivity', true],
    ['com.discord/com.discord.ui.BrowseActivity', '.ui.BrowseActivity', true],
    ['com.discord/.ui.BrowseActivity', 'com.discord/com.discord.ui.BrowseActivity', true],
    ['com.discord/.ui.BrowseActivity', 'com.discord/.ui.BrowseActivity} t31}', true],
    ['com.discord/.ui.BrowseActivity', '.ui.SettingsActivity', false],
    ['com.discord/.ui.BrowseActivity', '.BrowseActivity', false],
    ['com.discord/.ui.BrowseActivity', 'BrowseActivity', false],
    ['com.discord/.ui.BrowseActivity', 'com.other/.ui.BrowseActivity', false],
    ['com.discord/.ui.BrowseActivity', 'com.other.ui.BrowseActivity', false],
    ['com.android.launcher3/com.bbk.launcher2.Launcher', 'com.bbk.launcher2.Launcher', true],
    ['com.android.launcher3/com.bbk.launcher2.Launcher', '.Launcher', false],
    ['com.android.systemui.ImageWallpaper', 'com.android.systemui/.ImageWallpaper', true],
    ['com.android.systemui.ImageWallpaper', 'com.android.systemui.ImageWallpaper', true],
    ['com.android.systemui.ImageWallpaper', '.ImageWallpaper', true],
    ['com.android.systemui.ImageWallpaper', '.Wallpaper', false],
  ])('%s vs %s: %s', (gt, exec, same) => {
    expect(sameActivity(parseActivityName(gt)!, parseActivityName(exec)!)).toBe(same);
  });
});

describe.skipIf(!existsSync(DUMPSYS))('real dumpsys outputs (../shared/fixtures absent → skipped)', () => {
  // Every component printed in the fixtures, with the leftovers that follow it on its line (`} t12}`, `}:`, `}]`).
  const rows = readdirSync(DUMPSYS).flatMap((f) => [...readDumpsys(path.join(DUMPSYS, f)).matchAll(/([a-z][\w.]*\/\.?[A-Za-z][\w.$]*)((?:\}| t\d+|\]|:)*)/g)]
    .map((m) => [f, m[0], m[1]!] as const));

  it('the fixtures hold components with every kind of leftover', () => {
    expect(rows.length).toBeGreaterThan(30);
    for (const tail of ['} t12}', '}:', '}]']) expect(rows.some(([, raw]) => raw.endsWith(tail))).toBe(true);
  });

  it('each component, with its leftovers and in both AgentEnv forms, names the same activity as the clean component', () => {
    for (const [file, raw, component] of rows) {
      const clean = parseActivityName(component)!;
      expect(formatActivityName(clean), `${file}: ${component}`).toBe(normaliseComponent(component).replace(/\/\./, `/${component.split('/')[0]}.`));
      const { short, full } = agentEnvForms(component);
      for (const form of [raw, short, full]) expect(sameActivity(clean, parseActivityName(form)!), `${file}: ${component} vs ${form}`).toBe(true);
    }
  });

  it('a different activity of the same package never matches', () => {
    const components = [...new Set(rows.map(([, , c]) => normaliseComponent(c)))];
    for (const a of components) {
      for (const b of components.filter((c) => c !== a)) {
        const { short, full } = agentEnvForms(b);
        for (const form of [b, short, full]) expect(sameActivity(parseActivityName(a)!, parseActivityName(form)!), `${a} vs ${form}`).toBe(false);
      }
    }
  });
});

const gtState = (activity: string): GtStateInput => ({ step: 2, ess: { raw: 'activity<0>', items: [], trailingNewline: false }, components: [], activity });
const execStep = (activity: string): ExecStepInput => ({ index: 3, action: { kind: 'none' }, activity });

describe('legacy mode keeps upstream LlamaTouch rule exactly', () => {
  // Expected verdicts worked out by hand from upstream's code (Evaluator @ 4335369): task_trace.py
  // `_extract_activity_from_file` strips and replaces every "/." by "."; exact_match.py
  // `check_activity_match` passes "null" and otherwise tests `exec in gt`.
  const TABLE: [string, string, boolean][] = [
    ['com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo/com.duolingo.app.LoginActivity', true],
    ['com.duolingo/.app.LoginActivity', 'com.duolingo/com.duolingo.app.LoginActivity', false],
    ['com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo/.app.LoginActivity', true],
    ['com.duolingo/.app.LoginActivity', 'com.duolingo/.app.LoginActivity', true],
    ['com.duolingo/com.duolingo.app.LoginActivity', '.app.LoginActivity', true],
    ['com.duolingo/.app.LoginActivity', '.app.LoginActivity', true],
    ['com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo.app.LoginActivity', true],
    ['com.duolingo/com.duolingo.app.LoginActivity', '', true],
    ['com.duolingo/com.duolingo.app.LoginActivity', 'Login', true],
    ['com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo/com.duolingo.session.SessionActivity', false],
    ['com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo/.app.loginactivity', false],
    ['com.duolingo/.app.LoginActivity', 'com.duolingo/.app.LoginActivity} t12}', false],
    ['com.duolingo/.app.LoginActivity', '  com.duolingo/.app.LoginActivity\n', true],
    ['null', 'com.anything/.Else', true],
    ['null', '', true],
    ['com.android.systemui.ImageWallpaper', '.ImageWallpaper', true],
    ['com.android.systemui.ImageWallpaper', 'com.android.systemui/.ImageWallpaper', true],
    ['com.android.systemui/.ImageWallpaper', 'com.android.systemui.ImageWallpaper', true],
    ['com.a/.B/.C', 'com.a.B.C', true],
  ];
  const legacy = createMatchServices({ mode: 'legacy', appPackages: {} });

  it.each(TABLE)('gt %j, exec %j: upstream %s', (gt, exec, want) => {
    expect(upstreamActivityMatch(gt, exec)).toBe(want);
    expect(matchActivity('activity<0>', gtState(gt), execStep(exec), legacy).status).toBe(want ? 'pass' : 'fail');
  });

  it('fixed mode differs from upstream where upstream is wrong', () => {
    const fixed = createMatchServices({ mode: 'fixed', appPackages: {} });
    const v = (gt: string, exec: string): string => matchActivity('activity<0>', gtState(gt), execStep(exec), fixed).status;
    expect(v('com.duolingo/.app.LoginActivity', 'com.duolingo/com.duolingo.app.LoginActivity')).toBe('pass');
    expect(v('com.duolingo/.app.LoginActivity', 'com.duolingo/.app.LoginActivity} t12}')).toBe('pass');
    expect(v('com.duolingo/com.duolingo.app.LoginActivity', 'Login')).toBe('fail');
    expect(v('com.duolingo/com.duolingo.app.LoginActivity', '')).toBe('fail');
  });

  it('a wrong activity fails with a sentence naming both', () => {
    const fixed = createMatchServices({ mode: 'fixed', appPackages: {} });
    const r = matchActivity('activity<0>', gtState('com.discord/.ui.BrowseActivity'), execStep('.ui.SettingsActivity'), fixed);
    expect(r.status).toBe('fail');
    expect(r.sentence).toBe('Activity is .ui.SettingsActivity, expected com.discord/com.discord.ui.BrowseActivity.');
  });
});
