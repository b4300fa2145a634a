import { describe, it, expect, beforeEach } from 'vitest';
import { VirtualDevice } from '../../device';
import { DemoWorld } from '../../world/demo/demo-world';
import { keyCode } from './input';

const CLOCK = (): Date => new Date('2026-03-02T09:41:00Z');
const NOTES_EDIT = 'com.touchstone.notes/com.touchstone.notes.EditNoteActivity';
const HOME = 'com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity';

describe('input, am and monkey as Android 12 answers them (in process)', () => {
  let dev: VirtualDevice;
  const run = async (line: string): Promise<{ out: string; err: string; code: number }> => {
    const r = await dev.exec(line);
    return { out: r.stdout.toString(), err: r.stderr.toString(), code: r.code };
  };
  const activity = (): string => dev.world().screen(dev.now()).activity;
  /** The text of the focused title field of a new note. */
  const title = (): string => /text="([^"]*)" resource-id="com\.touchstone\.notes:id\/note_title"/.exec(dev.world().screen(dev.now()).xml())?.[1] ?? '<none>';

  beforeEach(async () => {
    dev = new VirtualDevice({ world: new DemoWorld(), clock: CLOCK });
    await run('am start -n com.touchstone.notes/.EditNoteActivity');
    expect(activity()).toBe(NOTES_EDIT);
    await dev.inject({ kind: 'key', code: 4 }); // back to the list ...
    const fab = /content-desc="New note"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(dev.world().screen(dev.now()).xml())!.slice(1).map(Number);
    await run(`input tap ${(fab[0] + fab[2]) / 2} ${(fab[1] + fab[3]) / 2}`); // ... and a new note, title focused
    expect([activity(), title()]).toEqual([NOTES_EDIT, 'Title']);
  });

  it.each<[string, string]>([
    ['input text Buy%smilk', 'Buy milk'],
    ['input text hello world', 'hello'], // only the first argument is typed, as on the phone
    ["input text 'two words'", 'two words'],
    [`input text "it's%s\\"ok\\""`, 'it&apos;s &quot;ok&quot;'],
    ['input text 100%%s', '100% '],
    ['input keyevent KEYCODE_H KEYCODE_I 62 KEYCODE_NUMPAD_1 PERIOD', 'hi 1.'],
    ['input text abc && input keyevent 67 KEYCODE_DEL', 'a'],
  ])('%s types %j', async (line, typed) => {
    expect((await run(line)).code).toBe(0);
    expect(title()).toBe(typed);
  });

  it('input text with characters the virtual keyboard cannot type fails as on the phone', async () => {
    const r = await run('input text héllo');
    expect(r.code).toBe(255);
    expect(r.err).toContain("Exception occurred while executing 'text':\njava.lang.NullPointerException");
    expect(title()).toBe('Title');
  });

  it.each<[string, number, string]>([
    ['input tap 1', 255, 'java.lang.IllegalArgumentException: Argument expected after "1"'],
    ['input swipe 1 2 x 4', 255, 'java.lang.IllegalArgumentException: Error: Invalid arguments for command: swipe'],
    ['input keyevent', 255, 'java.lang.IllegalArgumentException: Argument expected after "keyevent"'],
  ])('%s fails with exit %i and the Java exception on stderr', async (line, code, exception) => {
    const r = await run(line);
    expect([r.code, r.out]).toEqual([code, '']);
    expect(r.err).toMatch(new RegExp(`^\\nException occurred while executing '\\w+':\\n${exception.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\\tat `));
  });

  it('key names are case-sensitive and unknown keys are dropped silently (exit 0), as KeyEvent.keyCodeFromString does', async () => {
    expect(await run('input keyevent home')).toEqual({ out: '', err: '', code: 0 });
    expect(activity()).toBe(NOTES_EDIT);
    expect(await run('input keyevent KEYCODE_NOPE')).toEqual({ out: '', err: '', code: 0 });
    expect((await run('logcat -d')).out).toContain('Dropping KEYCODE_UNKNOWN (input keyevent KEYCODE_NOPE)');
    await run('input keyevent KEYCODE_HOME');
    expect(activity()).toBe(HOME);
  });

  it.each<[string, number]>([['3', 3], ['HOME', 3], ['KEYCODE_BACK', 4], ['KEYCODE_A', 29], ['KEYCODE_9', 16], ['KEYCODE_F12', 142], ['KEYCODE_APP_SWITCH', 187], ['KEYCODE_WAKEUP', 224], ['289', 0], ['back', 0]])('keyCode(%j) = %i', (name, code) => {
    expect(keyCode(name)).toBe(code);
  });

  it('am start -n: unknown activity on stderr with exit 0; the top activity again warns', async () => {
    expect(await run('am start -n com.nope/.Main')).toEqual({
      out: 'Starting: Intent { cmp=com.nope/.Main }\n',
      err: 'Error type 3\nError: Activity class {com.nope/com.nope.Main} does not exist.\n',
      code: 0,
    });
    expect(await run('am start -n com.touchstone.notes/.NoSuchActivity')).toMatchObject({ err: 'Error type 3\nError: Activity class {com.touchstone.notes/com.touchstone.notes.NoSuchActivity} does not exist.\n', code: 0 });
    expect(await run('am start -n com.android.settings/.Settings')).toEqual({ out: 'Starting: Intent { cmp=com.android.settings/.Settings }\n', err: '', code: 0 });
    expect((await run('am start -n com.android.settings/com.android.settings.Settings')).err).toBe('Warning: Activity not started, intent has been delivered to currently running top-most instance.\n');
  });

  it('am start -W waits and reports; -a resolves known actions, others cannot be resolved', async () => {
    expect(await run('am start -W -n com.touchstone.shop/.CartActivity')).toEqual({
      out: 'Starting: Intent { cmp=com.touchstone.shop/.CartActivity }\nStatus: ok\nLaunchState: COLD\nActivity: com.touchstone.shop/.CartActivity\nTotalTime: 212\nWaitTime: 215\nComplete\n',
      err: '', code: 0,
    });
    expect((await run('am start -W -n com.nope/.Main')).out).toBe('Starting: Intent { cmp=com.nope/.Main }\nError type 3\nError: Activity class {com.nope/com.nope.Main} does not exist.\n');
    expect(await run('am start -a android.settings.SETTINGS')).toEqual({ out: 'Starting: Intent { act=android.settings.SETTINGS }\n', err: '', code: 0 });
    expect(activity()).toBe('com.android.settings/com.android.settings.Settings');
    expect(await run('am start -a com.example.NOPE -c android.intent.category.DEFAULT')).toEqual({
      out: 'Starting: Intent { act=com.example.NOPE cat=[android.intent.category.DEFAULT] }\n',
      err: 'Error: Activity not started, unable to resolve Intent { act=com.example.NOPE cat=[android.intent.category.DEFAULT] flg=0x10000000 }\n',
      code: 0,
    });
    await run('am start -a android.intent.action.MAIN -c android.intent.category.HOME');
    expect(activity()).toBe(HOME);
    expect((await run('logcat -d')).out).toContain('I ActivityTaskManager: START u0 {act=android.settings.SETTINGS flg=0x10000000} from uid 2000');
  });

  it('monkey -p PKG 1: script echo on stdout, Monkey args on stderr; no launcher activity exits 252', async () => {
    expect(await run('monkey -p com.android.settings 1')).toEqual({
      out: '  bash arg: -p\n  bash arg: com.android.settings\n  bash arg: 1\nEvents injected: 1\n## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n',
      err: 'args: [-p, com.android.settings, 1]\n arg: "-p"\n arg: "com.android.settings"\n arg: "1"\ndata="com.android.settings"\n',
      code: 0,
    });
    expect(activity()).toBe('com.android.settings/com.android.settings.Settings');
    const none = await run('monkey -p com.nope -c android.intent.category.LAUNCHER 1');
    expect([none.out.split('\n').slice(-2)[0], none.code]).toEqual(['** No activities found to run, monkey aborted.', 252]);
  });
});
