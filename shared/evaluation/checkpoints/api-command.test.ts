import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatExecActionLine, parseExecActionLine } from '../../formats/exec-action';
import { checkApiCommand, splitCommand } from './api-command';

describe('API action whitelist', () => {
  it.each([
    ['am start -a android.intent.action.VIEW -d https://example.com', 'adb shell am start -a android.intent.action.VIEW -d https://example.com'],
    ['adb shell am start -n com.touchstone.shop/.MainActivity', 'adb shell am start -n com.touchstone.shop/.MainActivity'],
    ['am start -a android.intent.action.INSERT -t vnd.android.cursor.item/event -e title "Team meeting" --ei allDay 0', "adb shell am start -a android.intent.action.INSERT -t vnd.android.cursor.item/event -e title 'Team meeting' --ei allDay 0"],
    ["am start -W -a android.intent.action.VIEW -d 'geo:0,0?q=coffee shop'", "adb shell am start -W -a android.intent.action.VIEW -d 'geo:0,0?q=coffee shop'"],
    ['settings put system font_scale 1.3', 'adb shell settings put system font_scale 1.3'],
    ['  adb shell   settings put secure ui_night_mode 2 ', 'adb shell settings put secure ui_night_mode 2'],
    ['cmd uimode night yes', 'adb shell cmd uimode night yes'],
    ['svc wifi disable', 'adb shell svc wifi disable'],
  ])('allows %s', (cmd, recorded) => {
    const r = checkApiCommand(cmd);
    expect(r.ok && r.command.recorded).toBe(recorded);
  });

  it.each([
    ['rm -rf /sdcard', /`rm` is not an allowed command/],
    ['am force-stop com.touchstone.shop', /only `am start` is allowed/],
    ['am start -d https://x; reboot', /shell operator \(";"\)/],
    ['am start -d "https://x?a=1|b"', /shell operator \("\|"\)/],
    ['settings put secure ui_night_mode $(id)', /shell operator \("\$"\)/],
    ['am start -d `id`', /shell operator/],
    ['settings put secure x 1 > /data/x', /shell operator \(">"\)/],
    ['settings get secure ui_night_mode', /only `settings put` is allowed/],
    ['settings put vendor x 1', /namespace system, secure or global/],
    ['settings put system font_scale', /exactly a KEY .* and a VALUE/],
    ['adb -s emulator-5554 shell am start -n a.b/.C', /the runner picks the device/],
    ['am start --user', /`--user` needs a value/],
    ['am start --receiver-permission x', /option `--receiver-permission` is not allowed/],
    ['am start -d "unclosed', /a quote is not closed/],
    ['am start -d x\ny', /line break/],
    ['', /non-empty string/],
    [42, /non-empty string/],
  ])('refuses %j', (cmd, why) => {
    const r = checkApiCommand(cmd);
    expect(r.ok).toBe(false);
    if (!r.ok) { expect(r.error).toMatch(why); expect(r.error).toMatch(/^API action refused: .*Allowed: am start/); }
  });

  it('runs every argument literally: quoted words reach the device shell as one word, nothing is interpreted', () => {
    const r = checkApiCommand(`am start -a android.intent.action.VIEW -d "https://x.test/a b?q='1'"`);
    expect(r.ok && r.command.shell).toMatch(/^am start -a android\.intent\.action\.VIEW -d 'https:/);
    expect(splitCommand(r.ok ? r.command.shell : '')).toEqual(['am', 'start', '-a', 'android.intent.action.VIEW', '-d', "https://x.test/a b?q='1'"]);
  });
});

describe('the API action line in the trace', () => {
  const screen = { width: 1080, height: 2400 };
  it('is UNUSED_9|adb shell <command>|NULL|width|height and reads back', () => {
    const line = formatExecActionLine({ kind: 'api', command: 'adb shell settings put secure ui_night_mode 2', screen });
    expect(line).toBe('UNUSED_9|adb shell settings put secure ui_night_mode 2|NULL|1080|2400');
    expect(parseExecActionLine(line)).toEqual({ kind: 'api', command: 'adb shell settings put secure ui_night_mode 2', screen });
  });

  it('malformed API lines and commands that would break the line are refused with the reason', () => {
    expect(parseExecActionLine('UNUSED_9|am start|NULL|1080|2400')).toMatch(/needs "adb shell <command>"/);
    expect(parseExecActionLine('UNUSED_9|adb shell am start|[0.1, 0.2]|1080|2400')).toMatch(/needs "adb shell <command>" and NULL/);
    expect(() => formatExecActionLine({ kind: 'api', command: 'adb shell am start -d a|b', screen })).toThrow(/no "\|"/);
    expect(parseExecActionLine('API|adb shell am start|NULL|1080|2400')).toMatch(/unknown action type "API" .*UNUSED_9 \(API action\)/);
  });

  const assets = join(__dirname, '../../../../shared/fixtures/llamatouch/test-asset');
  it.skipIf(!existsSync(assets))('old traces read as before: the real upstream action files parse to the same UI actions and format back byte-equal', () => {
    const files = readdirSync(assets).filter((f) => f.endsWith('.action'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const text = readFileSync(join(assets, f), 'utf8').trim();
      const a = parseExecActionLine(text);
      expect(typeof a === 'object' && a.kind).not.toBe('api');
      expect(typeof a === 'object' && formatExecActionLine(a).replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });
});
