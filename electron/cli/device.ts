/**
 * `touchstone device serve`: runs Touchstone's virtual Android device(s) until
 * interrupted, printing the serial(s) to connect.
 */
import { spawn } from 'node:child_process';
import { parseFaults, type Faults } from '../virtual-device/faults';
import { startDeviceInstance, type DeviceInstance } from '../virtual-device/instance';
import { createWorld } from '../virtual-device/world/create-world';
import type { EpisodeReport } from '../virtual-device/world/graph/graph-world';
import { writeFileAtomic } from '../platform/atomic-write';

const USAGE = `Usage: touchstone device serve [options]

Runs virtual Android device(s) that the real adb, adbkit and agent frameworks drive like a phone.

Options:
  --world demo|<dir>|graph:<dir>
                            demo apps (default), a recorded episode / execution-trace folder to replay,
                            or the merged graph of a folder of traces (see touchstone world build)
  --episode FILE            graph worlds: keep the session's path and its unexplored actions in FILE
                            (default episode.json; episode-K.json with --count)
  --storage MB              in-memory storage quota per device (default 512)
  --port P                  adb port of the first device (default: any free port); devices use P, P+2, ...
  --serial-style tcp|emulator
                            tcp: connect with 'adb connect 127.0.0.1:P' (default)
                            emulator: serial emulator-(P-1), console on P-1 ('adb emu ...');
                            without --port the first free pair in 5554-5585, as the emulator
                            picks, so an adb server started later finds it. The console wants
                            the token in ~/.emulator_console_auth_token (created if missing)
  --count N                 run N devices in this process (default 1)
  --faults SPEC             latency=MS,dump-fails,animation=MS,drop-every=N,vanish-after=MS
  --unauthorized            refuse adb's keys (device shows 'unauthorized')
  --connect                 also connect/register with the adb server (ANDROID_ADB_SERVER_PORT or 5037)
  --time HH:MM              freeze the device clock (UTC, today) for byte-stable screenshots
`;

interface ServeOptions { world: string; episode: string; storageMb?: number; port?: number; style: 'tcp' | 'emulator'; count: number; faults: Partial<Faults>; unauthorized: boolean; connect: boolean; time?: Date }

function parseArgs(args: string[]): ServeOptions | string {
  const o: ServeOptions = { world: 'demo', episode: 'episode.json', style: 'tcp', count: 1, faults: {}, unauthorized: false, connect: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const num = (): number => {
      const v = value();
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${a} needs a whole number, got '${v}'`);
      return n;
    };
    switch (a) {
      case '--world': o.world = value(); break;
      case '--port': o.port = num(); break;
      case '--episode': o.episode = value(); break;
      case '--storage': o.storageMb = Math.max(1, num()); break;
      case '--count': o.count = Math.max(1, num()); break;
      case '--serial-style': {
        const v = value();
        if (v !== 'tcp' && v !== 'emulator') return `--serial-style must be tcp or emulator, got '${v}'`;
        o.style = v;
        break;
      }
      case '--faults': o.faults = parseFaults(value()); break;
      case '--unauthorized': o.unauthorized = true; break;
      case '--connect': o.connect = true; break;
      case '--time': {
        const v = value();
        const m = /^(\d{1,2}):(\d{2})$/.exec(v);
        if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return `--time needs HH:MM (e.g. 09:41), got '${v}'`;
        const t = new Date();
        t.setUTCHours(Number(m[1]), Number(m[2]), 0, 0);
        o.time = t;
        break;
      }
      default: return `unknown option '${a}'`;
    }
  }
  return o;
}

/** Writes the graph session's report atomically, one write at a time, the latest last. */
export function episodeWriter(file: string): (r: EpisodeReport) => void {
  let chain = Promise.resolve();
  return (r) => {
    const text = JSON.stringify(r, null, 1) + '\n';
    chain = chain.then(() => writeFileAtomic(file, text)).catch((e: Error) => console.error(`touchstone device: cannot write ${file}: ${e.message}`));
  };
}

function adbConnect(serial: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.env.ADB ?? 'adb', ['connect', serial], { stdio: 'inherit' });
    child.on('error', (e) => { console.error(`touchstone device: cannot run adb (${e.message}); connect by hand: adb connect ${serial}`); resolve(); });
    child.on('close', () => resolve());
  });
}

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help' || !sub) { console.log(USAGE); return sub ? 0 : 2; }
  if (sub !== 'serve') { console.error(`touchstone device: unknown subcommand '${sub}'.\n\n${USAGE}`); return 2; }
  let opts: ServeOptions | string;
  try {
    opts = parseArgs(rest);
  } catch (e) {
    opts = (e as Error).message;
  }
  if (typeof opts === 'string') { console.error(`touchstone device serve: ${opts}\n\n${USAGE}`); return 2; }
  const instances: DeviceInstance[] = [];
  try {
    for (let k = 0; k < opts.count; k++) {
      const file = opts.count > 1 ? opts.episode.replace(/(\.json)?$/, `-${k}.json`) : opts.episode;
      const world = createWorld(opts.world, { onEpisode: opts.world.startsWith('graph:') ? episodeWriter(file) : undefined });
      instances.push(await startDeviceInstance({
        storageBytes: opts.storageMb ? opts.storageMb * 1024 * 1024 : undefined,
        world, port: opts.port !== undefined && opts.port > 0 ? opts.port + 2 * k : undefined,
        serialStyle: opts.style, faults: opts.faults, unauthorized: opts.unauthorized,
        clock: opts.time ? ((t) => () => new Date(t))(opts.time.getTime()) : undefined,
      }));
    }
  } catch (e) {
    await Promise.all(instances.map((i) => i.stop()));
    console.error(`touchstone device serve: ${(e as Error).message}`);
    return 1;
  }
  console.log(`touchstone device: ${instances.length} virtual device(s), world ${opts.world}`);
  for (const i of instances) {
    console.log(i.consolePort
      ? `${i.serial}\tadb port ${i.port}, console ${i.consolePort} (run with --connect, or an adb server started later finds ports 5555-5585; adb emu works as is)`
      : `${i.serial}\tconnect with: adb connect ${i.serial}`);
  }
  if (opts.connect) {
    const serverPort = Number(process.env.ANDROID_ADB_SERVER_PORT ?? 5037);
    for (const i of instances) {
      if (i.consolePort) await i.registerWith(serverPort).catch((e: Error) => console.error(`touchstone device: registering ${i.serial} with adb on port ${serverPort} failed: ${e.message}`));
      else await adbConnect(i.serial);
    }
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await Promise.all(instances.map((i) => i.stop()));
  return 0;
}
