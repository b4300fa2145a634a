import type { CommandFn, CommandIO } from '../types';
import { KEY } from '../../world/types';
import { fullComponent } from './dumpsys';

const KEYCODES: Record<string, number> = {
  HOME: KEY.HOME, BACK: KEY.BACK, ENTER: KEY.ENTER, DEL: KEY.DEL, APP_SWITCH: KEY.APP_SWITCH, TAB: KEY.TAB,
  MENU: 82, POWER: 26, VOLUME_UP: 24, VOLUME_DOWN: 25, DPAD_UP: 19, DPAD_DOWN: 20, DPAD_LEFT: 21, DPAD_RIGHT: 22,
  DPAD_CENTER: 23, SPACE: 62, SEARCH: 84, WAKEUP: 224, SLEEP: 223, ESCAPE: 111, MOVE_HOME: 122, MOVE_END: 123, FORWARD_DEL: 112,
};

/** Key name or number -> code, or null. */
export function keyCode(arg: string): number | null {
  if (/^\d+$/.test(arg)) return Number(arg);
  const name = arg.toUpperCase().replace(/^KEYCODE_/, '');
  return KEYCODES[name] ?? null;
}

const INPUT_USAGE = 'Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe commands and default sources are:\n      text <string> (Default: touchscreen)\n      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n      tap <x> <y> (Default: touchscreen)\n      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      press (Default: trackball)\n      roll <dx> <dy> (Default: trackball)\n      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n';
const SOURCES = new Set(['keyboard', 'mouse', 'joystick', 'touchnavigation', 'touchpad', 'trackball', 'stylus', 'dpad', 'gamepad', 'touchscreen']);

const input: CommandFn = async (io) => {
  const args = io.args.slice(1);
  if (args[0] && SOURCES.has(args[0])) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const [cmd, ...rest] = args;
  const nums = rest.map(Number);
  const need = (n: number): boolean => rest.length >= n && nums.slice(0, n).every((x) => Number.isFinite(x));
  switch (cmd) {
    case 'tap':
      if (!need(2)) break;
      await io.host.inject({ kind: 'tap', x: nums[0], y: nums[1] });
      return 0;
    case 'swipe':
    case 'draganddrop': {
      if (!need(4)) break;
      const durationMs = rest.length > 4 ? nums[4] : 300;
      const [x1, y1, x2, y2] = nums;
      const long = cmd === 'swipe' && x1 === x2 && y1 === y2 && durationMs >= 500;
      await io.host.inject(long ? { kind: 'long-press', x: x1, y: y1 } : { kind: cmd === 'swipe' ? 'swipe' : 'drag', x1, y1, x2, y2, durationMs });
      return 0;
    }
    case 'text': {
      if (rest.length === 0) break;
      // `adb shell input text` receives spaces as %s (adb clients escape them).
      await io.host.inject({ kind: 'text', text: rest.join(' ').replace(/%s/g, ' ') });
      return 0;
    }
    case 'keyevent': {
      const keys = rest.filter((a) => !a.startsWith('--'));
      if (keys.length === 0) break;
      for (const k of keys) {
        const code = keyCode(k);
        if (code === null) { io.err(`Error: Unknown keycode '${k}'\n`); return 1; }
        await io.host.inject({ kind: 'key', code });
      }
      return 0;
    }
    case 'press': await io.host.inject({ kind: 'key', code: 23 }); return 0;
    case 'roll': case 'motionevent': return 0;
    default:
      if (cmd) io.err(`Error: Unknown command: ${cmd}\n`);
      io.out(INPUT_USAGE);
      return 1;
  }
  io.err(`Error: Invalid arguments for command: ${cmd}\n`);
  io.out(INPUT_USAGE);
  return 1;
};

const uiautomator: CommandFn = async (io) => {
  const args = io.args.slice(1);
  if (args[0] !== 'dump') {
    io.out('Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\nruntest: executes UI automation tests\n\ndump: creates an XML dump of current UI hierarchy\n\nevents: prints out accessibility events until terminated\n');
    return args.length ? 1 : 0;
  }
  const file = args.slice(1).find((a) => !a.startsWith('--')) ?? '/sdcard/window_dump.xml';
  const res = await io.host.dumpXml();
  // Real uiautomator reports this on stderr and still exits 0.
  if (!res.ok) { io.err(res.error + '\n'); return 0; }
  if (file === '/dev/tty' || file === '/dev/stdout') io.out(res.xml);
  else if (file !== '/dev/null') {
    const err = io.host.fs.write(file, Buffer.from(res.xml));
    if (err) { io.err(`ERROR: ${file}: ${err}\n`); return 0; }
  }
  io.out(`UI hierchary dumped to: ${file}\n`);
  return 0;
};

const screencap: CommandFn = async (io) => {
  const args = io.args.slice(1).filter((a) => a !== '-p');
  const file = args.find((a) => !a.startsWith('-'));
  // PNG with -p or a .png file name; raw pixels otherwise, as the real tool does
  const asPng = io.args.includes('-p') || (file?.endsWith('.png') ?? false);
  const png = asPng ? await io.host.screenPng() : await io.host.screenRaw();
  if (!file) { io.out(png); return 0; }
  const err = io.host.fs.write(file, png);
  if (err) { io.err(`Error opening file: ${file} (${err})\n`); return 1; }
  return 0;
};

function amStart(io: CommandIO, args: string[]): number {
  let comp: string | undefined;
  let category: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-n') comp = args[++i];
    else if (args[i] === '-c') category = args[++i];
    else if (['-a', '-d', '-t', '-f', '--user', '--es', '--ei', '--ez'].includes(args[i])) i += args[i].startsWith('--e') ? 2 : 1;
  }
  if (category === 'android.intent.category.HOME') {
    io.out('Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.HOME] }\n');
    void io.host.inject({ kind: 'key', code: KEY.HOME });
    return 0;
  }
  if (!comp) { io.err('Error: Intent does not match any activities: Intent { }\n'); return 1; }
  io.out(`Starting: Intent { cmp=${comp} }\n`);
  const res = io.host.world().start(fullComponent(comp), io.host.now());
  if (!res.ok) { io.err(`Error type 3\n${res.error}\n`); return 1; }
  io.host.log('I', 'ActivityTaskManager', `START u0 {flg=0x10000000 cmp=${comp}} from uid 2000`);
  return 0;
}

const am: CommandFn = (io) => {
  const [sub, ...rest] = io.args.slice(1);
  if (sub === 'start' || sub === 'start-activity') return amStart(io, rest);
  if (sub === 'force-stop' || sub === 'kill') { if (rest[0]) io.host.world().forceStop(rest[rest.length - 1]); return 0; }
  if (sub === 'broadcast') { io.out('Broadcasting: Intent { }\nBroadcast completed: result=0\n'); return 0; }
  io.err(`Error: Unknown command: ${sub ?? ''}\n`);
  return 1;
};

const monkey: CommandFn = (io) => {
  const args = io.args.slice(1);
  const pkg = args[args.indexOf('-p') + 1];
  const lines = args.map((a) => `  bash arg: ${a}`);
  io.out(lines.join('\n') + '\n');
  const started = args.includes('-p') && pkg ? io.host.world().launch(pkg, io.host.now()) : { ok: false as const, error: '' };
  if (!started.ok) { io.err('** No activities found to run, monkey aborted.\n'); return 252; }
  io.out(`Events injected: 1\n## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n`);
  return 0;
};

const pm: CommandFn = (io) => {
  const [sub, ...rest] = io.args.slice(1);
  const world = io.host.world();
  const pkgArg = rest.filter((a) => !a.startsWith('-'))[0];
  switch (sub) {
    case 'list': {
      if (rest[0] !== 'packages') break;
      const flags = new Set(rest.slice(1).filter((a) => a.startsWith('-')));
      const filter = rest.slice(1).find((a) => !a.startsWith('-'));
      const pkgs = world.packages()
        .filter((p) => (flags.has('-3') ? !p.system : flags.has('-s') ? p.system : true))
        .filter((p) => !filter || p.name.includes(filter));
      io.out(pkgs.map((p) => (flags.has('-f') ? `package:/data/app/${p.name}-1/base.apk=${p.name}` : `package:${p.name}`)).join('\n') + (pkgs.length ? '\n' : ''));
      return 0;
    }
    case 'clear':
      if (!pkgArg) break;
      io.out(world.clear(pkgArg) ? 'Success\n' : 'Failed\n');
      return 0;
    case 'uninstall':
      if (!pkgArg) break;
      io.out(world.uninstall(pkgArg) ? 'Success\n' : 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
      return 0;
    case 'path':
      if (!pkgArg) break;
      if (!world.packages().some((p) => p.name === pkgArg)) return 1;
      io.out(`package:/data/app/~~${Buffer.from(pkgArg).toString('base64url').slice(0, 22)}==/${pkgArg}-1/base.apk\n`);
      return 0;
    case 'install':
      io.out('Failure [INSTALL_FAILED_INVALID_APK: the virtual device installs apps through its store app only]\n');
      return 1;
    default:
      break;
  }
  io.err(`Unknown command: ${sub ?? ''}\n`);
  return 1;
};

const NAMESPACES = new Set(['system', 'secure', 'global']);

const settings: CommandFn = (io) => {
  const [sub, ns, key, ...value] = io.args.slice(1).filter((a) => !a.startsWith('--'));
  if (!ns || !NAMESPACES.has(ns)) { io.err(`Invalid namespace '${ns ?? ''}'\n`); return 255; }
  const s = io.host.settings;
  switch (sub) {
    case 'get': io.out(`${s.get(`${ns}:${key}`) ?? 'null'}\n`); return 0;
    case 'put': s.set(`${ns}:${key}`, value.join(' ')); return 0;
    case 'delete': io.out(s.delete(`${ns}:${key}`) ? 'Deleted 1 rows\n' : 'Deleted 0 rows\n'); return 0;
    case 'list':
      for (const [k, v] of [...s].filter(([k]) => k.startsWith(ns + ':')).sort()) io.out(`${k.slice(ns.length + 1)}=${v}\n`);
      return 0;
    default: io.err(`Invalid command: ${sub ?? ''}\n`); return 255;
  }
};

const wm: CommandFn = (io) => {
  const [sub, arg] = io.args.slice(1);
  const { size, density } = io.host.world();
  const props = io.host.props;
  if (sub === 'size') {
    if (arg === 'reset') props.delete('vd.wm.size');
    else if (arg) props.set('vd.wm.size', arg);
    else io.out(`Physical size: ${size.width}x${size.height}\n${props.has('vd.wm.size') ? `Override size: ${props.get('vd.wm.size')}\n` : ''}`);
    return 0;
  }
  if (sub === 'density') {
    if (arg === 'reset') props.delete('vd.wm.density');
    else if (arg) props.set('vd.wm.density', arg);
    else io.out(`Physical density: ${density}\n${props.has('vd.wm.density') ? `Override density: ${props.get('vd.wm.density')}\n` : ''}`);
    return 0;
  }
  io.err(`Error: unknown command '${sub ?? ''}'\n`);
  return 255;
};

const getprop: CommandFn = (io) => {
  const key = io.args[1];
  const visible = [...io.host.props].filter(([k]) => !k.startsWith('vd.'));
  if (key) io.out(`${io.host.props.get(key) ?? io.args[2] ?? ''}\n`);
  else io.out(visible.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `[${k}]: [${v}]`).join('\n') + '\n');
  return 0;
};

const logcat: CommandFn = (io) => {
  if (io.args.includes('-c')) { io.host.clearLog(); return 0; }
  io.out('--------- beginning of main\n' + io.host.logLines().map((l) => l + '\n').join(''));
  return 0;
};

export const androidCommands: [string, CommandFn][] = [
  ['input', input], ['uiautomator', uiautomator], ['screencap', screencap], ['am', am], ['monkey', monkey],
  ['pm', pm], ['cmd', (io) => (io.args[1] === 'package' ? pm({ ...io, args: ['pm', ...io.args.slice(2)] }) : 0)],
  ['settings', settings], ['wm', wm], ['getprop', getprop],
  ['setprop', (io) => { if (io.args[1]) io.host.props.set(io.args[1], io.args[2] ?? ''); return 0; }],
  ['logcat', logcat],
];
