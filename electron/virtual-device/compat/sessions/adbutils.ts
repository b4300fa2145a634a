import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { must, type CompatSession } from '../session';

/** adbutils' `window_size()`: `wm size` (Override before Physical), swapped when `rotation()` is odd. */
function wmSize(text: string): [number, number] {
  const m = /Override size: (\d+)x(\d+)/.exec(text) ?? /Physical size: (\d+)x(\d+)/.exec(text);
  const hit = must(m, "AdbError('wm size output unexpected')");
  return [Number(hit[1]), Number(hit[2])];
}

/** `rotation()`: the first line of `dumpsys display` with `orientation=N`. */
function rotation(text: string): number {
  for (const line of text.split(/\r?\n/)) {
    const m = /.*?orientation=(\d+)/.exec(line);
    if (m) return Number(m[1]);
  }
  throw new Error("AdbError('rotation get failed')");
}

const session: CompatSession = {
  framework: 'adbutils',
  source: 'openatx/adbutils adbutils/shell.py: getprop, window_size/_wm_size, rotation, click (percent), app_current, is_screen_on, wlan_ip, dump_hierarchy, app_info, list_packages, open_browser, switch_wifi, battery; adbutils/screenshot.py (screencap -p)',
  steps: [
    { what: 'getprop ro.product.model', adb: ['shell', 'getprop', 'ro.product.model'], parse: (o) => o.text.trim(), expect: 'Touchstone_Virtual_Phone' },
    { what: 'window_size(): wm size', adb: ['shell', 'wm size'], parse: (o) => wmSize(o.text), save: 'wm' },
    { what: 'window_size(): rotation()', adb: ['shell', 'dumpsys display'], parse: (o, c) => { const [w, h] = c.vars.wm as number[]; return rotation(o.text) % 2 ? [h, w] : [w, h]; }, expect: [1080, 2400] },
    { what: 'click(0.5, 0.5) on the window size', adb: (c) => { const [w, h] = c.vars.wm as number[]; return ['shell', 'input', 'tap', String(Math.trunc(0.5 * w)), String(Math.trunc(0.5 * h))]; } },
    { what: 'app_start(pkg): monkey', adb: ['shell', 'monkey', '-p', 'com.touchstone.notes', '-c', 'android.intent.category.LAUNCHER', '1'] },
    {
      what: 'app_current(): dumpsys window windows, mCurrentFocus',
      adb: ['shell', 'dumpsys', 'window', 'windows'],
      parse: (o) => { const m = must(/mCurrentFocus=Window\{.*\s+([^\s]+)\/([^\s]+)\}/.exec(o.text), "AdbError(\"Couldn't get focused app\")"); return { package: m[1], activity: m[2] }; },
      expect: { package: 'com.touchstone.notes', activity: 'com.touchstone.notes.NotesActivity' },
    },
    {
      what: 'app_current() fallback: mResumedActivity, then dumpsys activity top',
      adb: ['shell', 'dumpsys', 'activity', 'activities'],
      parse: (o) => must(/mResumedActivity: ActivityRecord\{.*?\s+([^\s]+)\/([^\s]+)\s.*?\}/.exec(o.text), 'no mResumedActivity')[1],
      expect: 'com.touchstone.notes',
    },
    {
      what: 'app_current() fallback: ACTIVITY ... pid=',
      adb: ['shell', 'dumpsys', 'activity', 'top'],
      parse: (o) => { const m = must(/ACTIVITY ([^\s]+)\/([^/\s]+) \w+ pid=(\d+)/.exec(o.text), 'no ACTIVITY line'); return [m[1], Number(m[3]) > 0]; },
      expect: ['com.touchstone.notes', true],
    },
    { what: 'is_screen_on(): dumpsys power', adb: ['shell', 'dumpsys', 'power'], parse: (o) => o.text.includes('mHoldingDisplaySuspendBlocker=true'), expect: true },
    { what: 'wlan_ip(): ifconfig wlan0', adb: ['shell', 'ifconfig', 'wlan0'], parse: (o) => must(/inet\s*addr:(.*?)\s/s.exec(o.text), 'no inet addr')[1], expect: '10.0.2.16' },
    { what: 'wlan_ip() fallback: ip addr show dev wlan0', adb: ['shell', 'ip', 'addr', 'show', 'dev', 'wlan0'], parse: (o) => must(/inet (\d+.*?)\/\d+/.exec(o.text), 'no inet')[1], expect: '10.0.2.16' },
    {
      what: 'dump_hierarchy(): rm, uiautomator dump && echo success',
      adb: ['shell', 'rm -f /data/local/tmp/uidump.xml; uiautomator dump /data/local/tmp/uidump.xml && echo success'],
      parse: (o) => { if (o.text.includes('ERROR') || !o.text.includes('success')) throw new Error('uiautomator dump failed'); return true; },
    },
    {
      what: 'dump_hierarchy(): sync pull of the dump',
      adb: (c) => ['pull', '/data/local/tmp/uidump.xml', join(c.tmp, 'uidump.xml')],
      parse: (_o, c) => readFileSync(join(c.tmp, 'uidump.xml'), 'utf8').startsWith('<?xml'),
      expect: true,
    },
    { what: 'app_info(): pm path', adb: ['shell', 'pm', 'path', 'com.touchstone.notes'], parse: (o) => must(/package:(.+)/.exec(o.text), 'no package:')[1].trim(), expect: /^\/data\/app\/.*\/base\.apk$/ },
    {
      what: 'app_info(): dumpsys package',
      adb: ['shell', 'dumpsys', 'package', 'com.touchstone.notes'],
      parse: (o) => [must(/versionName=([^\s]+)/.exec(o.text), 'versionName')[1], Number(must(/versionCode=(\d+)/.exec(o.text), 'versionCode')[1]) > 0],
      expect: ['1.0', true],
    },
    { what: 'list_packages()', adb: ['shell', 'pm', 'list', 'packages'], parse: (o) => [...o.text.matchAll(/^package:([^\s]+)\r?$/gm)].map((m) => m[1]).includes('com.touchstone.notes'), expect: true },
    {
      what: 'battery(): dumpsys battery key: value lines',
      adb: ['shell', 'dumpsys', 'battery'],
      parse: (o) => { const kv = Object.fromEntries(o.text.split('\n').map((l) => l.trim().split(': ')).filter((p) => p.length === 2)); return [Number(must(kv.level, 'level')), kv['AC powered']]; },
      expect: [100, 'true'],
    },
    { what: 'open_browser(url)', adb: ['shell', 'am', 'start', '-a', 'android.intent.action.VIEW', '-d', 'https://example.com'], parse: (o) => /Error/.test(o.text + o.stderr), expect: false },
    { what: 'switch_wifi(False)', adb: ['shell', 'svc', 'wifi', 'disable'] },
    { what: 'switch_wifi(True)', adb: ['shell', 'svc', 'wifi', 'enable'] },
    { what: 'screenshot(): screencap -p over shell', adb: ['exec-out', 'screencap -p'], parse: (o) => [o.stdout.subarray(1, 4).toString('latin1'), o.stdout.readUInt32BE(16), o.stdout.readUInt32BE(20)], expect: ['PNG', 1080, 2400] },
  ],
};
export default session;
