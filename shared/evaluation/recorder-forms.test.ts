// Audit of the fields recorders write in more than one form: every form of one value must give the
// same verdict. (Activity names: activity-name.test.ts; xml vs DroidBot JSON hierarchies of the same
// steps: electron/core/evaluation/scenarios.test.ts, "reading the XML or the DroidBot JSON".)
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEss } from '../formats/ess';
import { parseExecAction } from '../formats/exec-action';
import { parsePackageList } from '../formats/dumpsys';
import { createMatchServices } from './services';
import { matchClick } from './match-click';
import { matchInstalled } from './match-simple';
import { mustParseXml } from './test-fixtures';
import type { ExecAction, Size } from '../model';
import type { GtStateInput, TraceInput } from './types';

const FIX = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const CLICK_CASE = path.join(FIX, 'llamatouch/evaluator-tests/click_test_case/case1');

function action(line: string): ExecAction {
  const r = parseExecAction(line, 'i.action');
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value;
}

describe('action lines: every spelling of one action parses to the same action', () => {
  it.each([
    ['CLICK|[0.0879, 0.9069]|NULL|1080|2400', 'CLICK|[0.0879 0.9069]|NULL|1080|2400', 'CLICK|[ 0.0879,0.9069 ]|NULL|1080|2400\r\n', '\uFEFFCLICK|[0.0879,  0.9069]|NULL|1080|2400\n'],
    ['SWIPE|[0.8, 0.5]|[0.2, 0.5]|1080|2400', 'SWIPE|[0.8 0.5]|[0.2 0.5]|1080|2400', 'SWIPE|[0.8, 0.5]|[0.2 0.5]|1080|2400'],
    ['TYPE|good burger place|NULL|1080|2400', "TYPE|'good burger place'|NULL|1080|2400", 'TYPE|"good burger place"|NULL|1080|2400'],
    ['PRESS_HOME|NULL|NULL|1080|2400', 'PRESS_HOME|NULL|NULL|1080|2400\r\n'],
  ])('%s', (first, ...others) => {
    const want = action(first);
    for (const o of others) {
      const got = action(o);
      if (got.kind === 'type') delete got.quote;
      expect(got, o).toEqual(want);
    }
  });
});

describe.skipIf(!existsSync(CLICK_CASE))('click verdicts across action spellings and screen sizes (fixtures absent → skipped)', () => {
  // Upstream's own click test: the "Done" button of a 1080x1918 Google Maps dialog is hit at (0.5, 0.55), missed at (0.5, 0.5).
  const vh = mustParseXml(readFileSync(path.join(CLICK_CASE, '10.xml'), 'utf8'), '10.xml');
  const state = parseEss('click<//*[@text="Done"]>', 'i.ess');
  if (!state.ok || state.value.items[0]?.kind !== 'click') throw new Error('bad ess');
  const item = state.value.items[0];
  const gt: GtStateInput = { step: 10, ess: state.value, components: [], hierarchy: vh };
  const verdict = (line: string, screenshot?: Size): string =>
    matchClick(item.raw, item.target, gt, { index: 0, hierarchy: vh, action: action(line), screenSize: screenshot }, createMatchServices()).status;

  it.each([
    // [action line, screenshot size, verdict]
    ['CLICK|[0.5, 0.55]|NULL|1080|1918', { width: 1080, height: 1918 }, 'pass'],
    ['CLICK|[0.5 0.55]|NULL|1080|1918', { width: 1080, height: 1918 }, 'pass'],
    ['CLICK|[0.5, 0.5]|NULL|1080|1918', { width: 1080, height: 1918 }, 'fail'],
    ['CLICK|[0.5 0.5]|NULL|1080|1918', { width: 1080, height: 1918 }, 'fail'],
    // A screenshot stored downscaled: the action line's size (the device's) places the tap in hierarchy pixels.
    ['CLICK|[0.5, 0.55]|NULL|1080|1918', { width: 540, height: 959 }, 'pass'],
    ['CLICK|[0.5, 0.5]|NULL|1080|1918', { width: 540, height: 959 }, 'fail'],
    // No size in the action line: the screenshot's size is used.
    ['CLICK|[0.5, 0.55]|NULL|0|0', { width: 1080, height: 1918 }, 'pass'],
    ['CLICK|[0.5 0.5]|NULL|0|0', { width: 1080, height: 1918 }, 'fail'],
  ])('%s on a %j screenshot: %s', (line, shot, want) => {
    expect(verdict(line, shot)).toBe(want);
  });
});

describe('installed-apps listings: every listing form gives the same packages', () => {
  const forms: [string, string][] = [
    ['one name per line', 'com.duolingo\ncom.android.chrome\n'],
    ['CRLF', 'com.duolingo\r\ncom.android.chrome\r\n'],
    ['pm list packages', 'package:com.duolingo\npackage:com.android.chrome\n'],
    ['pm list packages -f', 'package:/data/app/~~x==/com.duolingo-1/base.apk=com.duolingo\npackage:/system/app/Chrome/Chrome.apk=com.android.chrome\n'],
    ['pm list packages -i', 'package:com.duolingo  installer=com.android.vending\npackage:com.android.chrome  installer=null\n'],
    ['blank lines and spaces', '\n  com.duolingo  \n\ncom.android.chrome\n\n'],
  ];
  const parse = (text: string): string[] => (/^\s*package:/m.test(text) ? parsePackageList(text) : text.split('\n').map((l) => l.trim()).filter(Boolean));
  const svc = createMatchServices({ appPackages: { duolingo: 'com.duolingo' } });
  it.each(forms)('%s', (_name, text) => {
    expect(parse(text)).toEqual(['com.duolingo', 'com.android.chrome']);
    const trace: TraceInput = { episode: 'e', steps: [], installedApps: parse(text), problems: [] };
    expect(matchInstalled('installed', 'installed<Duolingo>', 'Duolingo', trace, svc).status).toBe('pass');
    expect(matchInstalled('uninstalled', 'uninstalled<com.android.chrome>', 'com.android.chrome', trace, svc).status).toBe('fail');
  });

  it.skipIf(!existsSync(path.join(FIX, 'dumpsys/gwm-haval__pm_list_packages.txt')))('a real pm list packages output', () => {
    const pkgs = parsePackageList(readFileSync(path.join(FIX, 'dumpsys/gwm-haval__pm_list_packages.txt'), 'utf8'));
    expect(pkgs.length).toBeGreaterThan(20);
    for (const p of pkgs) expect(p).toMatch(/^[A-Za-z][\w]*(\.[\w]+)*$/);
  });
});
