import { describe, it, expect } from 'vitest';
import { VirtualDevice } from '../device';
import { DemoWorld } from '../world/demo/demo-world';
import { shellRunner } from '../testing';

/** The shell commands agent testbeds (AndroidWorld, DroidBot, AppAgent, AgentEnv-style harnesses) pipe adb output through. */
describe('the device shell: text tools, processes, loops, package and settings queries (Android 12 toybox/mksh)', () => {
  const run = shellRunner(new VirtualDevice({ world: new DemoWorld() }));

  it.each<[string, [string, string, number]]>([
    // cut
    ['echo a:b:c:d | cut -d: -f2,4', ['b:d\n', '', 0]],
    ['echo "one two three" | cut -d " " -f 2-', ['two three\n', '', 0]],
    ['echo nodelim | cut -d: -f2; echo nodelim | cut -s -d: -f2', ['nodelim\n', '', 0]],
    ['echo abcdef | cut -c 2-4', ['bcd\n', '', 0]],
    ['echo x | cut', ['', 'cut: Needs -fc\n', 1]],
    // tr
    ['echo Hello | tr a-z A-Z', ['HELLO\n', '', 0]],
    ["echo 'a  b   c' | tr -s ' '", ['a b c\n', '', 0]],
    ['echo abcb | tr -d b', ['ac\n', '', 0]],
    ["echo a:b | tr : '\\n'", ['a\nb\n', '', 0]],
    ["echo 'Mixed 42' | tr '[:lower:]' '[:upper:]' | tr -d '[:digit:]'", ['MIXED \n', '', 0]],
    // sort
    ['pm list packages -3 | sort', ['package:com.android.adbkeyboard\npackage:com.touchstone.clock\npackage:com.touchstone.notes\npackage:com.touchstone.shop\n', '', 0]],
    ['seq 10 | sort | head -n 3', ['1\n10\n2\n', '', 0]],
    ['seq 10 | sort -n -r | head -n 3', ['10\n9\n8\n', '', 0]],
    ['seq 3 | sort -r; echo b a b | tr " " "\\n" | sort -u', ['3\n2\n1\na\nb\n', '', 0]],
    ['echo "b 2\na 10\nc 1" > /sdcard/s.txt; sort -k 2 -n /sdcard/s.txt | cut -d " " -f1 | tr -d "\\n"; echo', ['cba\n', '', 0]],
    // sed substitutions
    ["echo aXbXc | sed 's/X/-/g'; echo aXbXc | sed s/X/-/", ['a-b-c\na-bXc\n', '', 0]],
    ["wm size | sed 's/Physical size: //'", ['1080x2400\n', '', 0]],
    ["echo 'a;b' | sed 's/;/,/; s/a/A/'; echo abc | sed 's/a/x/;s/c/z/g'", ['A,b\nxbz\n', '', 0]],
    ["echo a/b | sed 's/\\//|/'", ['a|b\n', '', 0]],
    ["echo abc | sed 's/\\(b\\)c/\\1\\1/'; echo abc | sed -E 's/(b)/[\\1]/'", ['abb\na[b]c\n', '', 0]],
    ["echo ab | sed 's|b|<&>|'; echo a.b | sed -e 's/./_/g'", ['a<b>\n___\n', '', 0]],
    ["echo ab | sed -n 's/a/A/p'; echo cd | sed -n 's/a/A/p'", ['Ab\n', '', 0]],
    ['echo a | sed y/a/b/', ['', "sed: bad 'y/a/b/': only s/RE/REPLACEMENT/[gip] runs on this device\n", 1]],
    // head, tail, wc on command output
    ['seq 5 | tail -n 2 | wc -l; seq 20 | head -3 | tail -1', ['2\n3\n', '', 0]],
    // break and continue
    ['for i in 1 2 3 4; do [ $i = 3 ] && break; echo -n $i; done; echo', ['12\n', '', 0]],
    ['for i in 1 2 3; do [ $i = 2 ] && continue; echo -n $i; done; echo', ['13\n', '', 0]],
    ['for i in 1 2; do for j in a b c; do [ $j = b ] && continue 2; echo -n $i$j; done; echo never; done; echo', ['1a2a\n', '', 0]],
    ['for i in 1 2; do for j in a b; do echo -n $i$j; break 2; done; done; echo', ['1a\n', '', 0]],
    ['n=0; while true; do n=$((n + 1)); if [ $n -ge 4 ]; then break; fi; done; echo $n', ['4\n', '', 0]],
    ['n=0; until [ $n -ge 5 ]; do n=$((n + 1)); [ $n = 2 ] && continue; echo -n $n; done; echo', ['1345\n', '', 0]],
    ['break; echo after', ['after\n', "/system/bin/sh: break: can't break\n", 0]],
    ['for i in 1; do break x; done', ['', '/system/bin/sh: break: x: bad number\n', 1]],
    // processes
    ['ps -A | head -n 1', ['USER            PID   PPID     VSZ    RSS WCHAN            ADDR S NAME\n', '', 0]],
    ['ps -A | grep -c " com.android.systemui$"; ps | wc -l', ['1\n3\n', '', 0]],
    ['echo $$; pidof sh; ps | grep " ps$" | cut -c 14-26', ['5218\n5218\n  5219   5218\n', '', 0]],
    ['pidof com.touchstone.nosuch', ['', '', 1]],
    ['ps -A -o PID,NAME | grep -E "NAME|systemui"; ps -o user,args -p 1', ['   PID NAME\n  1127 com.android.systemui\nUSER         ARGS\nroot         init\n', '', 0]],
    ['ps -o PID,BOGUS', ['', 'ps: bad -o BOGUS\n', 1]],
    // At home the launcher is the app in front: one process, with the foreground pid.
    ['pidof com.google.android.apps.nexuslauncher; ps -A | grep -c nexuslauncher', ['4242\n1\n', '', 0]],
    // dumpsys package
    ['dumpsys package com.touchstone.notes | grep versionName', ['    versionName=1.0\n', '', 0]],
    ["dumpsys package com.android.systemui | grep -o 'versionCode=[0-9]*'", ['versionCode=31\n', '', 0]],
    ['[ "$(pm path com.touchstone.notes)" = "package:$(dumpsys package com.touchstone.notes | grep codePath | cut -d= -f2-)/base.apk" ] && echo same', ['same\n', '', 0]],
    ['dumpsys package com.touchstone.nosuch', ['', '', 0]],
    // content query over the settings provider
    ["settings put system font_scale 1.3; content query --uri content://settings/system --projection name:value --where \"name='font_scale'\"", ['Row: 0 name=font_scale, value=1.3\n', '', 0]],
    ['[ $(content query --uri content://settings/system | wc -l) = $(settings list system | wc -l) ] && echo same', ['same\n', '', 0]],
    ["content query --uri content://settings/global --where \"name='nosuch'\"", ['No result found.\n', '', 0]],
    ['content query --uri content://contacts/people', ['', 'Error while accessing provider:contacts\njava.lang.IllegalArgumentException: Unknown URI content://contacts/people\n', 1]],
  ])('%s', async (line, expected) => {
    expect(await run(line)).toEqual(expected);
  });

  it('the foreground app has the pid `dumpsys activity top` names, and its own process row', async () => {
    expect((await run('monkey -p com.touchstone.notes 1 >/dev/null; dumpsys activity top | grep -o "ACTIVITY com.touchstone.notes"'))[0]).toBe('ACTIVITY com.touchstone.notes\n');
    expect(await run('[ "$(pidof com.touchstone.notes)" = "$(dumpsys activity top | grep -o "pid=[0-9]*" | cut -d= -f2)" ] && echo same')).toEqual(['same\n', '', 0]);
    expect((await run('ps -A | grep com.touchstone.notes'))[0]).toBe('u0_a123        4242    354 15002140 142088 do_epoll_+          0 S com.touchstone.notes\n');
    // The launcher keeps its own process behind the app; pids ascend.
    const pids = (await run('ps -A | tail -n +2 | tr -s " " | cut -d " " -f 2'))[0].trim().split('\n').map(Number);
    expect(pids).toEqual([...pids].sort((a, b) => a - b));
    expect((await run('pidof com.google.android.apps.nexuslauncher'))[0]).toBe('1402\n');
    // Window sessions name the pids ps lists: the app's window and SystemUI's status bar.
    expect((await run('dumpsys window windows | grep -o "Session{[0-9a-f]* [0-9]*:u0a10[0-9]*}" | cut -d " " -f 2 | tr -d "}" | sort -u'))[0])
      .toBe(`${(await run('pidof com.android.systemui'))[0].trim()}:u0a10105\n4242:u0a10123\n`);
  });
});
