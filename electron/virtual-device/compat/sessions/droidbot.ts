import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { must, type CompatSession } from '../session';

/**
 * DroidBot's adb.get_display_info(): the DisplayViewport line of `dumpsys display` (its pattern wants
 * `DisplayViewport{valid=true, ...}`, which Android 12's `type=INTERNAL, valid=true` form does not match, as on
 * a real Android 12 phone), then `wm size`, then `SurfaceOrientation` of `dumpsys input`; density from
 * ro.sf.lcd_density.
 */
const VIEWPORT = /.*DisplayViewport\{valid=true, .*orientation=(\d+), .*deviceWidth=(\d+), deviceHeight=(\d+).*/;

const session: CompatSession = {
  framework: 'DroidBot',
  source: 'honeynet/droidbot droidbot/adapter/adb.py (check_connectivity, get_property, get_sdk_version, get_display_info, get_installed_apps, get_enabled_accessibility_services, touch, drag, type, press), droidbot/device.py (get_top_activity_name Hist regex, take_screenshot screencap+pull+rm), droidbot/adapter/logcat.py (logcat -c; logcat -v threadtime *:I)',
  steps: [
    { what: 'check_connectivity(): get-state', adb: ['get-state'], parse: (o) => o.text.startsWith('device'), expect: true },
    { what: 'get_model_number()', adb: ['shell', 'getprop', 'ro.product.model'], parse: (o) => o.text.trim(), expect: 'Touchstone_Virtual_Phone' },
    { what: 'get_sdk_version()', adb: ['shell', 'getprop', 'ro.build.version.sdk'], parse: (o) => Number.parseInt(o.text.trim(), 10), expect: 31 },
    { what: 'get_release_version()', adb: ['shell', 'getprop', 'ro.build.version.release'], parse: (o) => o.text.trim(), expect: '12' },
    { what: 'get_ro_secure()', adb: ['shell', 'getprop', 'ro.secure'], parse: (o) => Number(o.text.trim()), expect: 1 },
    { what: 'get_ro_debuggable()', adb: ['shell', 'getprop', 'ro.debuggable'], parse: (o) => Number(o.text.trim()), expect: 0 },
    { what: 'get_display_info(): dumpsys display', adb: ['shell', 'dumpsys', 'display'], parse: (o) => o.text.split('\n').some((l) => VIEWPORT.test(l)), expect: false },
    { what: 'get_display_info(): wm size', adb: ['shell', 'wm', 'size'], parse: (o) => { const m = must(/Physical size: (\d+)x(\d+)/.exec(o.text), 'Physical size'); return [Number(m[1]), Number(m[2])]; }, expect: [1080, 2400] },
    { what: 'get_display_info(): dumpsys input', adb: ['shell', 'dumpsys', 'input'], parse: (o) => Number(must(/SurfaceOrientation:\s+(\d+)/.exec(o.text), 'SurfaceOrientation')[1]), expect: 0 },
    { what: 'get_display_info(): density', adb: ['shell', 'getprop', 'ro.sf.lcd_density'], parse: (o) => { const d = o.text.trim(); return /^[-+]?\d*\.\d+|\d+/.test(d) ? Number.parseFloat(d) : -1; }, expect: 420 },
    {
      what: 'get_installed_apps(): pm list packages -f',
      adb: ['shell', 'pm', 'list', 'packages', '-f'],
      parse: (o) => { const apps: Record<string, string> = {}; for (const l of o.text.split(/\r?\n/)) { const m = /^package:(.+)=([^=]+)/.exec(l); if (m) apps[m[2]] = m[1]; } return apps['com.touchstone.notes']; },
      expect: /\.apk$/,
    },
    { what: 'get_enabled_accessibility_services()', adb: ['shell', 'settings', 'get', 'secure', 'enabled_accessibility_services'], parse: (o) => { const r = o.text.replace(/^WARNING:.*\n?/gm, '').trim(); return r !== '' ? r.split(':') : []; }, expect: ['null'] },
    { what: 'logcat adapter: logcat -c', adb: ['logcat', '-c'] },
    { what: 'start_app: am start', adb: ['shell', 'am', 'start', '-n', 'com.touchstone.notes/com.touchstone.notes.NotesActivity'] },
    {
      what: 'get_top_activity_name(): Hist lines of dumpsys activity activities',
      adb: ['shell', 'dumpsys', 'activity', 'activities'],
      parse: (o) => must(/\*\s*Hist\s*#\d+:\s*ActivityRecord\{[^ ]+\s*[^ ]+\s*([^ ]+)\s*t(\d+)}/.exec(o.text), 'no Hist line')[1],
      expect: /^com\.touchstone\.notes\/\.NotesActivity/,
    },
    { what: 'touch(x, y)', adb: ['shell', 'input', 'tap', '930', '2150'] },
    { what: 'type(text)', adb: ['shell', 'input', 'text', 'Hello%sworld'] },
    { what: 'drag(): input touchscreen swipe with duration', adb: ['shell', 'input', 'touchscreen', 'swipe', '540', '1800', '540', '900', '300'] },
    { what: 'press(BACK)', adb: ['shell', 'input', 'keyevent', 'BACK'] },
    { what: 'take_screenshot(): screencap to the device', adb: ['shell', 'screencap', '-p', '/sdcard/screen_1.png'] },
    { what: 'take_screenshot(): pull', adb: (c) => ['pull', '/sdcard/screen_1.png', join(c.tmp, 'screen_1.png')], parse: (_o, c) => readFileSync(join(c.tmp, 'screen_1.png')).subarray(1, 4).toString('latin1'), expect: 'PNG' },
    { what: 'take_screenshot(): rm', adb: ['shell', 'rm', '/sdcard/screen_1.png'] },
    {
      what: 'logcat adapter: logcat -v threadtime *:I (dumped here, streamed by the framework)',
      adb: ['logcat', '-d', '-v', 'threadtime', '*:I'],
      parse: (o) => o.text.split('\n').some((l) => /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+\d+\s+\d+ I ActivityTaskManager: START /.test(l)),
      expect: true,
    },
  ],
};
export default session;
