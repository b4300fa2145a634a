import type { CommandFn, CommandIO } from '../types';
import { am } from './am';
import { input } from './input';
import { ime } from './ime';
import { codePath } from './dumpsys-package';
import { content } from './content';
import { logcat } from './logcat';

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

/** `monkey -p PKG [-c CATEGORY] N`: the /system/bin/monkey script echoes its args, Monkey.java logs them on stderr. */
const monkey: CommandFn = (io) => {
  const args = io.args.slice(1);
  io.out(args.map((a) => `  bash arg: ${a}\n`).join(''));
  io.err(`args: [${args.join(', ')}]\n${args.map((a) => ` arg: "${a}"\n`).join('')}`);
  for (let i = 0; i < args.length; i++) if (['-p', '-c'].includes(args[i]) && args[i + 1]) io.err(`data="${args[++i]}"\n`);
  const pkg = args.includes('-p') ? args[args.indexOf('-p') + 1] : undefined;
  const started = pkg ? io.host.world().launch(pkg, io.host.now()) : { ok: false as const, error: '' };
  // Monkey.run returns -4 when no launcher activity matches: exit status 252.
  if (!started.ok) { io.out('** No activities found to run, monkey aborted.\n'); return 252; }
  io.out('Events injected: 1\n## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n');
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
      io.out(`package:${codePath(pkgArg)}/base.apk\n`);
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
    else if (arg && !/^\d{2,5}x\d{2,5}$/.test(arg)) { io.err(`Error: bad size ${arg}\n`); return 255; }
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

const NIGHT = ['auto', 'no', 'yes', 'custom'];

/** `cmd uimode night [yes|no|auto|custom]` (UiModeManagerService's shell command; stored as Secure.UI_NIGHT_MODE 0-3). */
const uimode: CommandFn = (io) => {
  const [sub, mode] = io.args.slice(2);
  if (sub !== 'night') { io.err(`Unknown command: ${sub ?? ''}\n`); return 255; }
  if (mode !== undefined) {
    const v = NIGHT.indexOf(mode);
    if (v < 0) { io.err(`Error: mode must be 'yes', 'no', or 'auto'\n`); return 255; }
    io.host.settings.set('secure:ui_night_mode', String(v));
  }
  io.out(`Night mode: ${NIGHT[Number(io.host.settings.get('secure:ui_night_mode') ?? '1')] ?? 'no'}\n`);
  return 0;
};

const getprop: CommandFn = (io) => {
  const key = io.args[1];
  const visible = [...io.host.props].filter(([k]) => !k.startsWith('vd.'));
  if (key) io.out(`${io.host.props.get(key) ?? io.args[2] ?? ''}\n`);
  else io.out(visible.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `[${k}]: [${v}]`).join('\n') + '\n');
  return 0;
};


export const androidCommands: [string, CommandFn][] = [
  ['input', input], ['uiautomator', uiautomator], ['screencap', screencap], ['am', am], ['monkey', monkey],
  ['pm', pm], ['cmd', (io) => (io.args[1] === 'package' ? pm({ ...io, args: ['pm', ...io.args.slice(2)] }) : io.args[1] === 'uimode' ? uimode(io) : 0)],
  ['settings', settings], ['wm', wm], ['getprop', getprop], ['ime', ime],
  ['setprop', (io) => { if (io.args[1]) io.host.props.set(io.args[1], io.args[2] ?? ''); return 0; }],
  ['logcat', logcat], ['content', content],
];
