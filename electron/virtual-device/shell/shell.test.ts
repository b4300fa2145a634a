import { describe, it, expect } from 'vitest';
import { parseShell, ShellSyntaxError } from './parse';
import { VirtualDevice } from '../device';
import { DemoWorld } from '../world/demo/demo-world';

describe('parseShell', () => {
  it.each([
    ['echo a b', [['echo', 'a', 'b']]],
    ["echo 'a  b' \"c d\" e\\ f", [['echo', 'a  b', 'c d', 'e f']]],
    ['a | b | c && d || e; f', [['a'], ['b'], ['c'], ['d'], ['e'], ['f']]],
    ["echo ''", [['echo', '']]],
  ])('%j', (src, expected) => {
    const words = parseShell(src).flatMap((p) => p.commands.map((c) => c.words.map((w) => w.map((part) => (part.t === 'lit' ? part.v : `$${part.name}`)).join(''))));
    expect(words).toEqual(expected);
  });

  it.each(["echo 'open", 'echo "open', '| echo', 'echo a |', 'echo >'])('rejects %j', (src) => {
    expect(() => parseShell(src)).toThrow(ShellSyntaxError);
  });
});

describe('the device shell (in process, Android 12 formats)', () => {
  const dev = new VirtualDevice({ world: new DemoWorld() });
  const run = async (line: string): Promise<[string, string, number]> => {
    const r = await dev.exec(line);
    return [r.stdout.toString(), r.stderr.toString(), r.code];
  };

  it.each<[string, [string, string, number]]>([
    ['echo $HOME $UNSET "x${HOME}y"', ['/ x/y\n', '', 0]],
    ['X=1; echo $X; false; echo $?', ['1\n1\n', '', 0]],
    ['echo a > /sdcard/f.txt; echo b >> /sdcard/f.txt; cat /sdcard/f.txt', ['a\nb\n', '', 0]],
    ['cat /storage/emulated/0/f.txt | head -n 1', ['a\n', '', 0]],
    ['rm /sdcard/f.txt && ls /sdcard/f.txt', ['', 'ls: /sdcard/f.txt: No such file or directory\n', 1]],
    ['ls /nope 2>/dev/null || echo missing', ['missing\n', '', 0]],
    ['ls /nope 2>&1 | grep -c nope', ['1\n', '', 0]],
    ['settings get global nope', ['null\n', '', 0]],
    ['settings put system font_scale 1.3; settings get system font_scale', ['1.3\n', '', 0]],
    ['settings get bogus x', ['', "Invalid namespace 'bogus'\n", 255]],
    ['wm density', ['Physical density: 420\n', '', 0]],
    ['pm list packages -3', ['package:com.touchstone.notes\npackage:com.touchstone.shop\npackage:com.touchstone.clock\n', '', 0]],
    ['pm clear com.touchstone.notes', ['Success\n', '', 0]],
    ['pm uninstall com.android.settings', ['Failure [DELETE_FAILED_INTERNAL_ERROR]\n', '', 0]],
    ['am start -n com.nope/.Main', ['Starting: Intent { cmp=com.nope/.Main }\n', 'Error type 3\nError: Activity class {com.nope/com.nope.Main} does not exist.\n', 1]],
    ['monkey -p com.nope 1', ['  bash arg: -p\n  bash arg: com.nope\n  bash arg: 1\n', '** No activities found to run, monkey aborted.\n', 252]],
    ['input tap 1', ['Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]', 'Error: Invalid arguments for command: tap\n', 1]],
    ['input keyevent KEYCODE_NOPE', ['', "Error: Unknown keycode 'KEYCODE_NOPE'\n", 1]],
    ['dumpsys nosuch', ["Can't find service: nosuch\n", '', 0]],
    ['sh -c "exit 4"', ['', '', 4]],
    ['sh -c "exit 4"; echo after $?', ['after 4\n', '', 0]],
    ['export V=1; sh -c \'echo $V; V=2\'; echo $V', ['1\n1\n', '', 0]],
    ['whoami && id | grep -o "uid=2000(shell)"', ['shell\nuid=2000(shell)\n', '', 0]],
    ['getprop ro.product.model', ['Touchstone_Virtual_Phone\n', '', 0]],
  ])('%s', async (line, [stdout, stderr, code]) => {
    const [o, e, c] = await run(line);
    expect([stdout.startsWith('Usage') ? o.slice(0, stdout.length) : o, e, c]).toEqual([stdout, stderr, code]);
  });

  it('logcat -d shows what happened, -c clears it', async () => {
    await run('am start -n com.android.settings/.Settings');
    expect((await run('logcat -d'))[0]).toMatch(/^--------- beginning of main\n[\s\S]*I ActivityTaskManager: START u0 \{flg=0x10000000 cmp=com.android.settings\/.Settings\} from uid 2000/);
    await run('logcat -c');
    expect((await run('logcat -d'))[0]).toBe('--------- beginning of main\n');
  });

  it('getprop lists [key]: [value] lines sorted', async () => {
    const lines = (await run('getprop'))[0].trim().split('\n');
    expect(lines).toContain('[ro.build.version.release]: [12]');
    expect([...lines].sort()).toEqual(lines);
  });
});
