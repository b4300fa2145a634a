import { describe, it, expect } from 'vitest';
import { parseShell, ShellSyntaxError, type Word } from './parse';
import { VirtualDevice } from '../device';
import { DemoWorld } from '../world/demo/demo-world';
import { shellRunner } from '../testing';

describe('parseShell', () => {
  it.each([
    ['echo a b', [['echo', 'a', 'b']]],
    ["echo 'a  b' \"c d\" e\\ f", [['echo', 'a  b', 'c d', 'e f']]],
    ['a | b | c && d || e; f', [['a'], ['b'], ['c'], ['d'], ['e'], ['f']]],
    ["echo ''", [['echo', '']]],
    ['echo $(ls -l | wc -l) "`id`"', [['echo', '$(ls -l | wc -l)', '$(id)']]],
    ['for i in 1 2; do echo $i; done; echo done', [['<for>'], ['echo', 'done']]],
    ['if true; then echo fi; fi && while false; do :; done', [['<if>'], ['<while>']]],
  ])('%j', (src, expected) => {
    const text = (w: Word): string => w.map((part) => (part.t === 'lit' ? part.v : part.t === 'var' ? `$${part.name}` : part.t === 'cmd' ? `$(${part.src})` : part.t === 'arith' ? `$((${part.expr}))` : `\${${part.name}${part.op}}`)).join('');
    const words = parseShell(src).flatMap((p) => (p.kind === 'pipeline' ? p.commands.map((c) => c.words.map(text)) : [[`<${p.kind}>`]]));
    expect(words).toEqual(expected);
  });

  it.each(["echo 'open", 'echo "open', '| echo', 'echo a |', 'echo >', 'echo a &&', 'for i in 1; do echo', 'if true; then echo', 'for 1x in a; do :; done', 'while true; echo; done'])('rejects %j', (src) => {
    expect(() => parseShell(src)).toThrow(ShellSyntaxError);
  });
});

describe('the device shell (in process, Android 12 formats)', () => {
  const run = shellRunner(new VirtualDevice({ world: new DemoWorld() }));

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
    ['pm list packages -3', ['package:com.android.adbkeyboard\npackage:com.touchstone.notes\npackage:com.touchstone.shop\npackage:com.touchstone.clock\n', '', 0]],
    ['pm clear com.touchstone.notes', ['Success\n', '', 0]],
    ['pm uninstall com.android.settings', ['Failure [DELETE_FAILED_INTERNAL_ERROR]\n', '', 0]],
    ['dumpsys nosuch', ["Can't find service: nosuch\n", '', 0]],
    ['sh -c "exit 4"', ['', '', 4]],
    ['sh -c "exit 4"; echo after $?', ['after 4\n', '', 0]],
    ['export V=1; sh -c \'echo $V; V=2\'; echo $V', ['1\n1\n', '', 0]],
    ['whoami && id | grep -o "uid=2000(shell)"', ['shell\nuid=2000(shell)\n', '', 0]],
    ['getprop ro.product.model', ['Touchstone_Virtual_Phone\n', '', 0]],
    ['touch /sdcard/o.txt && ls -l /sdcard/o.txt /data/local/tmp | grep -o "1 [a-z0-9_]* [a-z_]*"', ['1 u0_a181 media_rw\n', '', 0]],
    ['[ -d /sdcard ] && [ ! -e /sdcard/nope ] && test -z "" && echo dirs', ['dirs\n', '', 0]],
    ['[ 3 -gt 10 ] || [ abc = abc ] && echo strings', ['strings\n', '', 0]],
    ['[ -e /sdcard', ['', '/system/bin/sh: [: missing ]\n', 2]],
    ['[ x -lt 2 ]', ['', '/system/bin/sh: [: x: bad number\n', 2]],
    ['echo "size: $(wm size | grep -o \'[0-9]*x[0-9]*\')"', ['size: 1080x2400\n', '', 0]],
    ['input tap $(echo 5 6) && echo `echo $HOME`', ['/\n', '', 0]],
    ['X=$(getprop ro.build.version.sdk); [ $X -ge 31 ] && echo api$X', ['api31\n', '', 0]],
    ['for i in $(seq 3); do input keyevent 67; echo -n $i; done; echo', ['123\n', '', 0]],
    ['for f in a b; do if [ $f = b ]; then echo B; elif [ $f = a ]; then echo A; else echo X; fi; done', ['A\nB\n', '', 0]],
    ['n=0; while [ $n -lt 3 ]; do n=$((n + 1)); echo -n $n; done; echo " $(( (n*7) % 4 )) $((-2 - -5)) $((n >= 3 && 1))"', ['123 1 3 1\n', '', 0]],
    ['echo $((1/0)); echo next', ['next\n', '/system/bin/sh: 1/0: zero divisor\n', 0]],
    ['x=abc; echo $((x + 1))', ['', '/system/bin/sh: x + 1: syntax error\n', 1]],
    ['i=x; until [ $i = xxx ]; do i=${i}x; done; echo $i', ['xxx\n', '', 0]],
    ['if false; then echo no; fi; echo $?', ['0\n', '', 0]],
    ['seq 2 2 7; seq 2', ['2\n4\n6\n1\n2\n', '', 0]],
    ['echo $(nosuch) done', ['done\n', '/system/bin/sh: nosuch: not found\n', 0]],
  ])('%s', async (line, [stdout, stderr, code]) => {
    const [o, e, c] = await run(line);
    expect([o, e, c]).toEqual([stdout, stderr, code]);
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

describe('hang-up', () => {
  it('a loop stops once the client has hung up (exit 129), in subshells too', async () => {
    const { Shell } = await import('./interpreter');
    const { basicCommands } = await import('./commands/basic');
    const host = new VirtualDevice({ world: new DemoWorld() });
    for (const line of ['while true; do echo x; done', 'sh -c "while true; do echo y; done"; echo never']) {
      let lines = 0;
      const code = await new Shell(host, new Map(basicCommands)).run(line, {
        stdin: () => Promise.resolve(Buffer.alloc(0)),
        out: (d) => { lines += String(d).split('\n').length - 1; },
        err: () => undefined,
        hungUp: () => lines >= 3,
      });
      expect([line, lines, code]).toEqual([line, 3, 129]);
    }
  });
});
