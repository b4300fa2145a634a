import type { CommandFn, CommandIO } from '../types';
import { KEY } from '../../world/types';
import { fullComponent } from './dumpsys';
import { adbKeyboardBroadcast } from './ime';
import { configurationString } from './configuration-line';

/** Implicit intents the demo phone resolves, by action. */
const ACTIONS: Record<string, string> = {
  'android.settings.SETTINGS': 'com.android.settings/com.android.settings.Settings',
};

/** `am start [-W] [-S] [-a ACTION] [-c CATEGORY] [-n COMPONENT] ...` as ActivityManagerShellCommand answers it. */
function amStart(io: CommandIO, args: string[]): number {
  let comp: string | undefined;
  let action: string | undefined;
  let data: string | undefined;
  const categories: string[] = [];
  let wait = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-n') comp = args[++i];
    else if (a === '-a') action = args[++i];
    else if (a === '-c') categories.push(args[++i]);
    else if (a === '-W') wait = true;
    else if (a === '-d') data = args[++i];
    else if (['-t', '-f', '--user', '--display', '--windowingMode', '--activityType'].includes(a)) i++;
    else if (/^--e[sizlfb]?$|^--e[sizlf]a$/.test(a)) i += 2;
  }
  const intent = [action && `act=${action}`, categories.length && `cat=[${categories.join(',')}]`, data && `dat=${data}`, comp && `cmp=${comp}`].filter(Boolean).join(' ');
  io.out(`Starting: Intent { ${intent} }\n`);
  // Failures go to stderr, or to stdout with -W; the exit status stays 0 either way.
  const report = wait ? io.out : io.err;
  const now = io.host.now();
  if (categories.includes('android.intent.category.HOME') && !comp) {
    void io.host.inject({ kind: 'key', code: KEY.HOME });
    return 0;
  }
  if (!comp && action === 'android.intent.action.VIEW' && data) {
    const world = io.host.world();
    const res = world.view?.(data, now) ?? { ok: false as const, error: '' };
    if (!res.ok) { report(`Error: Activity not started, unable to resolve Intent { ${intent} flg=0x10000000 }\n`); return 0; }
    io.host.log('I', 'ActivityTaskManager', `START u0 {act=${action} dat=${data} flg=0x10000000 cmp=${res.component}} from uid 2000`);
    return 0;
  }
  const target = comp ? fullComponent(comp) : action ? ACTIONS[action] : undefined;
  if (!target) { report(`Error: Activity not started, unable to resolve Intent { ${intent ? `${intent} ` : ''}flg=0x10000000 }\n`); return 0; }
  const before = io.host.world().screen(now).activity;
  const res = io.host.world().start(target, now);
  if (!res.ok) { report(`Error type 3\n${res.error}\n`); return 0; }
  if (before === target) report('Warning: Activity not started, intent has been delivered to currently running top-most instance.\n');
  // Intent.toString order: act, cat, flg, cmp
  const flagged = [action && `act=${action}`, categories.length && `cat=[${categories.join(',')}]`, 'flg=0x10000000', comp && `cmp=${comp}`].filter(Boolean).join(' ');
  io.host.log('I', 'ActivityTaskManager', `START u0 {${flagged}} from uid 2000`);
  if (wait) {
    const [pkg, cls] = target.split('/');
    io.out(`Status: ok\nLaunchState: ${before === target ? 'UNKNOWN (0)' : 'COLD'}\nActivity: ${pkg}/${cls.startsWith(pkg + '.') ? cls.slice(pkg.length) : cls}\nTotalTime: 212\nWaitTime: 215\nComplete\n`);
  }
  return 0;
}

/** `am broadcast -a ACTION [--es K V] [--ei K N] [--eia K a,b]`; ADBKeyBoard's actions type text. */
async function amBroadcast(io: CommandIO, args: string[]): Promise<number> {
  let action: string | undefined;
  const extras = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-a') action = args[++i];
    else if (/^--e[sizlfb]?a?$/.test(args[i])) { extras.set(args[i + 1] ?? '', args[i + 2] ?? ''); i += 2; }
  }
  io.out(`Broadcasting: Intent { ${action ? `act=${action} ` : ''}flg=0x400000${extras.size ? ' (has extras)' : ''} }\n`);
  if (action) await adbKeyboardBroadcast(io, action, extras);
  io.out('Broadcast completed: result=0\n');
  return 0;
}

/**
 * `am stack list` (Android 12 prints RootTaskInfo.toString per root task): the foreground app's task, visible,
 * over the home task. `taskId=N: BASE bounds=[..] userId=0 visible=B topActivity=ComponentInfo{TOP}`.
 */
function stackList(io: CommandIO): number {
  const host = io.host;
  const top = host.world().screen(host.now()).activity;
  const { width: w, height: h } = host.display.logical();
  const rot = host.display.rotation();
  const bounds = `[0,0][${w},${h}]`;
  const config = `  configuration=${configurationString(host)}`;
  const launcher = 'com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity';
  const root = (id: number, comp: string, visible: boolean): string[] => [
    `RootTask id=${id} bounds=${bounds} displayId=0 userId=0`, config,
    `  taskId=${id}: ${comp} bounds=${bounds} userId=0 visible=${visible} topActivity=ComponentInfo{${comp}}`, '',
  ];
  const home = top === launcher;
  io.out([...(home ? [] : root(12, top, true)), ...root(1, launcher, home)].join('\n'));
  return 0;
}

/** `am start|start-activity|force-stop|kill|broadcast|stack list`. */
export const am: CommandFn = (io) => {
  const [sub, ...rest] = io.args.slice(1);
  if (sub === 'start' || sub === 'start-activity') return amStart(io, rest);
  if (sub === 'force-stop' || sub === 'kill') { if (rest[0]) io.host.world().forceStop(rest[rest.length - 1]); return 0; }
  if (sub === 'broadcast') return amBroadcast(io, rest);
  if (sub === 'stack' && rest[0] === 'list') return stackList(io);
  // removing a recent task or locking one changes nothing the virtual device shows
  if ((sub === 'stack' && rest[0] === 'remove') || (sub === 'task' && rest[0] === 'lock')) return 0;
  io.err(`Error: Unknown command: ${sub ?? ''}\n`);
  return 1;
};
