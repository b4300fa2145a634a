import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { must, pySplit, type CompatSession } from '../session';

/** adb_call_parser._get_current_activity: `am stack list | grep -E visible=true`, then `.*\{(.*)\}`. */
export function currentActivity(text: string): string {
  if (!text) throw new Error('Empty visible_task');
  return must(/.*\{(.*)\}/.exec(text), 'Could not extract current activity')[1];
}

/** adb_call_parser._get_orientation over `dumpsys input` (skipping devices with negative PhysicalWidth). */
export function orientation(text: string): number {
  let skip = false;
  for (const line of text.split('\n')) {
    const w = /^\s+PhysicalWidth:\s+(-?\d+)px/.exec(line);
    if (w) skip = Number(w[1]) < 0;
    const o = /^\s+(SurfaceOrientation|InputDeviceOrientation):\s+.*(\d)/.exec(line);
    if (o && !skip) return Number(o[2]);
  }
  throw new Error('Could not find SurfaceOrientation/InputDeviceOrientation in dumpsys output');
}

/** logcat_thread's line pattern for `logcat -v epoch`. */
const LOGLINE = /^[ ]+([0-9]+\.[0-9]+)[ ]+([0-9]+)[ ]+([0-9]+)[ ]+(.)[ ]+([^:]*):[ ](.*)$/;

const session: CompatSession = {
  framework: 'android_env',
  source: 'google-deepmind/android_env android_env/components/adb_controller.py (prefix adb -P PORT -s SERIAL), adb_call_parser.py (_start_activity, _get_current_activity, _fetch_task_id regex, _get_orientation, _press_button, _input_text, _tap, _handle_settings, _package_manager list, _push/_pull, _force_stop), adb_log_stream.py + logcat_thread.py (logcat -b all -c; logcat -v epoch FILTERS *:S)',
  prefix: (c) => ['-P', String(c.adbPort), '-s', c.serial],
  steps: [
    { what: 'AdbController init: devices', sh: 'adb devices', parse: (o, c) => o.text.includes(`${c.serial}\tdevice`), expect: true },
    { what: 'AdbLogStream: logcat -b all -c', adb: ['logcat', '-b', 'all', '-c'] },
    { what: '_start_activity: am start (no -S) -W -n', adb: ['shell', 'am', 'start', '', '-W', '-n', 'com.touchstone.notes/.NotesActivity'], parse: (o) => /.*Error.*/.test(JSON.stringify(o.text)), expect: false },
    { what: '_get_current_activity', adb: ['shell', 'am', 'stack', 'list', '|', 'grep', '-E', 'visible=true'], parse: (o) => currentActivity(o.text), expect: 'com.touchstone.notes/com.touchstone.notes.NotesActivity' },
    {
      what: '_fetch_task_id for the started activity',
      adb: ['shell', 'am', 'stack', 'list'],
      parse: (o) => {
        const re = /^ *taskId=([0-9]*): ([^\s]*) .*visible=true.*topActivity=ComponentInfo\{([^\s]*)\}$/;
        for (const line of o.text.split(/\r?\n/)) { const m = re.exec(line); if (m && [m[2], m[3]].includes('com.touchstone.notes/com.touchstone.notes.NotesActivity')) return Number(m[1]) >= 0; }
        throw new Error('task id not found');
      },
      expect: true,
    },
    { what: '_get_orientation: dumpsys input', adb: ['shell', 'dumpsys', 'input'], parse: (o) => orientation(o.text), expect: 0 },
    { what: '_handle_settings put', adb: ['shell', 'settings', 'put', 'system', 'screen_brightness', '200'] },
    { what: '_handle_settings get', adb: ['shell', 'settings', 'get', 'system', 'screen_brightness'], parse: (o) => o.text.trim(), expect: '200' },
    { what: '_handle_settings list', adb: ['shell', 'settings', 'list', 'system'], parse: (o) => o.text.split('\n').filter(Boolean).every((l) => l.includes('=')), expect: true },
    { what: '_package_manager list packages', adb: ['shell', 'pm', 'list', 'packages'], parse: (o) => pySplit(o.text).filter((x) => x.startsWith('package:')).map((x) => x.slice(8)).includes('com.touchstone.notes'), expect: true },
    { what: '_tap', adb: ['shell', 'input', 'tap', '930', '2150'] },
    { what: '_input_text', adb: ['shell', 'input', 'text', 'hello'] },
    { what: '_press_button HOME', adb: ['shell', 'input', 'keyevent', 'KEYCODE_HOME'] },
    { what: '_push', adb: (c) => { writeFileSync(join(c.tmp, 'in.txt'), 'payload'); return ['push', join(c.tmp, 'in.txt'), '/sdcard/in.txt']; } },
    { what: '_pull', adb: (c) => ['pull', '/sdcard/in.txt', join(c.tmp, 'out.txt')] },
    { what: '_force_stop', adb: ['shell', 'am', 'force-stop', 'com.touchstone.notes'] },
    {
      what: 'LogcatThread over logcat -v epoch ActivityTaskManager:I *:S (dumped here, streamed by the framework)',
      adb: ['logcat', '-d', '-v', 'epoch', 'ActivityTaskManager:I', '*:S'],
      parse: (o) => o.text.split('\n').filter((l) => LOGLINE.test(l)).map((l) => LOGLINE.exec(l)![6]).some((m) => m.includes('cmp=com.touchstone.notes/.NotesActivity')),
      expect: true,
    },
  ],
};
export default session;
