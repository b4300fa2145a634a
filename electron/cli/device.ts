/**
 * `touchstone device serve`: runs Touchstone's virtual Android device(s) until
 * interrupted, printing the serial(s) to connect.
 */
import { spawn } from 'node:child_process';
import { parseFaults } from '../virtual-device/faults';
import { startDeviceInstance, type DeviceInstance } from '../virtual-device/instance';
import { createWorld } from '../virtual-device/world/create-world';
import type { EpisodeReport } from '../virtual-device/world/graph/graph-world';
import { writeFileAtomic } from '../platform/atomic-write';
import { defineCommand, parseOrExit } from './args';

/** `--time HH:MM`: that time today (UTC). */
function clockTime(v: string): Date {
  const m = /^(\d{1,2}):(\d{2})$/.exec(v);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`--time needs HH:MM (e.g. 09:41), got '${v}'`);
  const t = new Date();
  t.setUTCHours(Number(m[1]), Number(m[2]), 0, 0);
  return t;
}

const PORT = { type: 'integer', min: 0, max: 65535 } as const;

/** The command line of `touchstone device serve`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['device', 'serve'],
  description: 'Runs virtual Android device(s) that the real adb, adbkit and agent frameworks drive like a phone.',
  options: {
    world: {
      type: 'string', value: 'demo|<dir>|graph:<dir>', default: 'demo',
      description: 'demo apps, a recorded episode / execution-trace folder to replay, or the merged graph of a folder of traces (see touchstone world build)',
    },
    episode: { type: 'string', value: 'FILE', default: 'episode.json', description: "graph worlds: keep the session's path and its unexplored actions in FILE (episode-K.json with --count)" },
    storage: { ...PORT, value: 'MB', description: 'in-memory storage quota per device (default 512)' },
    port: { ...PORT, value: 'P', description: 'adb port of the first device (default: any free port); devices use P, P+2, ...' },
    'serial-style': {
      type: 'string', choices: ['tcp', 'emulator'], default: 'tcp',
      description: "tcp: connect with 'adb connect 127.0.0.1:P'; emulator: serial emulator-(P-1), console on P-1 ('adb emu ...'); "
        + 'without --port the first free pair in 5554-5585, as the emulator picks, so an adb server started later finds it. '
        + 'The console wants the token in ~/.emulator_console_auth_token (created if missing)',
    },
    count: { ...PORT, default: 1, description: 'run N devices in this process' },
    faults: { type: 'string', value: 'SPEC', parse: parseFaults, description: 'latency=MS,dump-fails,animation=MS,drop-every=N,vanish-after=MS' },
    unauthorized: { type: 'boolean', description: "refuse adb's keys (device shows 'unauthorized')" },
    connect: { type: 'boolean', description: 'also connect/register with the adb server (ANDROID_ADB_SERVER_PORT or 5037)' },
    time: { type: 'string', value: 'HH:MM', parse: clockTime, description: 'freeze the device clock (UTC, today) for byte-stable screenshots' },
  },
});

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
  const p = parseOrExit(SPEC, args);
  if ('exit' in p) return p.exit;
  const v = p.values;
  const opts = {
    world: v.world, episode: v.episode, storageMb: v.storage === undefined ? undefined : Math.max(1, v.storage), port: v.port,
    style: v['serial-style'], count: Math.max(1, v.count), faults: v.faults ?? {}, unauthorized: v.unauthorized, connect: v.connect, time: v.time,
  };
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
