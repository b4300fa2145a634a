import { must, type CompatSession } from '../session';
import { currentActivity, orientation } from './android-env';

/**
 * AndroidWorld's adb_utils go through android_env's AdbCallParser (prefix `adb -P PORT -s SERIAL`);
 * generic requests pass their args as given ('shell dumpsys input | grep logicalFrame' is split on spaces).
 */
const generic = (line: string): string[] => line.split(' ');

const session: CompatSession = {
  framework: 'AndroidWorld',
  source: 'google-research/android_world android_world/env/adb_utils.py: launch_app (monkey / start_activity), get_current_activity, get_screen_size, get_logical_screen_size, get_physical_frame_boundary, get_orientation, change_orientation, get_all_settings, close_recents, toggle_svc, set/get airplane mode, _launch_default_app (VIEW), press_home_button, get sdk',
  prefix: (c) => ['-P', String(c.adbPort), '-s', c.serial],
  steps: [
    { what: 'launch_app(package): monkey -p PKG 1', adb: ['shell', 'monkey', '-p', 'com.touchstone.notes', '1'] },
    { what: 'get_current_activity() (every step)', adb: ['shell', 'am', 'stack', 'list', '|', 'grep', '-E', 'visible=true'], parse: (o) => currentActivity(o.text), expect: 'com.touchstone.notes/com.touchstone.notes.NotesActivity' },
    { what: 'get_screen_size(): wm size', adb: ['shell', 'wm size'], parse: (o) => { const m = must(/Physical size: (\d+)x(\d+)/.exec(o.text), 'Screen size information not found'); return [Number(m[1]), Number(m[2])]; }, expect: [1080, 2400] },
    {
      what: 'get_logical_screen_size()',
      adb: generic('shell dumpsys input | grep logicalFrame'),
      parse: (o) => { for (const m of o.text.matchAll(/logicalFrame=\[0, 0, (\d+), (\d+)\]/g)) if (Number(m[1]) !== 0 || Number(m[2]) !== 0) return [Number(m[1]), Number(m[2])]; throw new Error('Failed to get logical screen size.'); },
      expect: [1080, 2400],
    },
    { what: 'get_orientation(): dumpsys window | grep mCurrentRotation', adb: generic('shell dumpsys window | grep mCurrentRotation'), parse: (o) => Math.trunc(Number(must(/mCurrentRotation=ROTATION_(\d+)/.exec(o.text), 'Failed to get orientation.')[1]) / 90), expect: 0 },
    { what: "change_orientation('landscape'): accelerometer off", adb: ['shell', 'settings', 'put', 'system', 'accelerometer_rotation', '0'] },
    { what: "change_orientation('landscape'): user_rotation 1", adb: ['shell', 'settings', 'put', 'system', 'user_rotation', '1'] },
    { what: 'get_orientation() after the change', adb: generic('shell dumpsys window | grep mCurrentRotation'), parse: (o) => Math.trunc(Number(must(/mCurrentRotation=ROTATION_(\d+)/.exec(o.text), 'Failed to get orientation.')[1]) / 90), expect: 1 },
    { what: "android_env get_orientation agrees", adb: ['shell', 'dumpsys', 'input'], parse: (o) => orientation(o.text), expect: 1 },
    {
      what: 'get_physical_frame_boundary(): portrait coordinates whatever the rotation',
      adb: generic('shell dumpsys input | grep physicalFrame'),
      parse: (o) => { const m = must(/physicalFrame=\[(\d+), (\d+), (\d+), (\d+)\]/.exec(o.text), 'Failed to get physical frame boundary.').slice(1).map(Number); return [m[1], m[0], m[3], m[2]]; },
      expect: [0, 0, 1080, 2400],
    },
    { what: "change_orientation('portrait')", adb: ['shell', 'settings', 'put', 'system', 'user_rotation', '0'] },
    ...(['secure', 'global', 'system'] as const).map((ns) => ({
      what: `get_all_settings(): settings list ${ns}`,
      adb: generic(`shell settings list ${ns}`),
      parse: (o: { text: string }) => Object.fromEntries(o.text.split('\n').filter(Boolean).map((l) => { const i = l.indexOf('='); if (i < 0) throw new Error(`ValueError: not enough values to unpack in '${l}'`); return [l.slice(0, i), l.slice(i + 1)]; })),
      save: ns,
    })),
    { what: 'get_all_settings() keys the task checkers read', adb: ['shell', 'true'], parse: (_o, c) => [(c.vars.secure as Record<string, string>).zen_duration, (c.vars.global as Record<string, string>).airplane_mode_on, (c.vars.system as Record<string, string>).screen_brightness], expect: ['0', '0', '102'] },
    { what: 'close_recents(): dumpsys activity recents', adb: generic('shell dumpsys activity recents'), parse: (o) => [...o.text.matchAll(/id=(\d+)/g)].map((m) => m[1]), save: 'recents' },
    { what: 'close_recents(): am stack remove ID', adb: (c) => ['shell', 'am', 'stack', 'remove', String(must((c.vars.recents as string[])[0], 'no recent task id'))] },
    { what: 'toggle_svc(wifi, off)', adb: ['shell', 'svc', 'wifi', 'disable'] },
    { what: 'toggle_airplane_mode(on): settings put', adb: ['shell', 'settings', 'put', 'global', 'airplane_mode_on', '1'] },
    { what: 'toggle_airplane_mode(on): broadcast', adb: ['shell', 'am', 'broadcast', '-a', 'android.intent.action.AIRPLANE_MODE'] },
    { what: 'get airplane mode', adb: ['shell', 'settings', 'get', 'global', 'airplane_mode_on'], parse: (o) => o.text.trim(), expect: '1' },
    { what: "_launch_default_app('browser'): VIEW http://", adb: ['shell', 'am', 'start', '-a', 'android.intent.action.VIEW', '-d', 'http://'] },
    { what: 'get_current_activity(): the browser', adb: ['shell', 'am', 'stack', 'list', '|', 'grep', '-E', 'visible=true'], parse: (o) => currentActivity(o.text), expect: 'com.android.chrome/com.google.android.apps.chrome.Main' },
    { what: 'press_home_button()', adb: ['shell', 'input', 'keyevent', 'KEYCODE_HOME'] },
    { what: 'api level', adb: ['shell', 'getprop ro.build.version.sdk'], parse: (o) => Number.parseInt(o.text.trim(), 10), expect: 31 },
  ],
};
export default session;
