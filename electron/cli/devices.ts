/** `touchstone devices`: the devices an adb server sees, with model, API level, screen and what to do about unusable ones. */
import type { DeviceInfo } from '../../shared/contract/device';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone devices`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['devices'],
  options: {
    json: { type: 'boolean', description: 'print the list as JSON' },
    connect: { type: 'string', value: 'host:port', description: 'adb connect first (an STF remote-connect endpoint, a docker-android or Genymotion container, a phone on Wi-Fi, a virtual device)' },
    watch: { type: 'boolean', description: 'keep listing on every change until Ctrl-C' },
    'adb-server': { type: 'string', value: 'H:P', description: 'use the adb server on another machine (default: ADB_SERVER_SOCKET, else ANDROID_ADB_SERVER_PORT, else 127.0.0.1:5037)' },
  },
  epilog: 'Exit 0 when at least one device is usable, 1 when none is (or the adb server is unreachable).',
});

function table(devices: DeviceInfo[]): string {
  if (!devices.length) return 'No devices. Connect one over USB, `touchstone devices --connect host:port`, or start `touchstone device serve --connect`.';
  const rows = devices.map((d) => [d.serial, d.state, d.kind, d.model ?? '', d.apiLevel ? `API ${d.apiLevel}` : '', d.screen ? `${d.screen.width}x${d.screen.height}` : '']);
  const w = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => r.map((v, c) => v.padEnd(w[c]!)).join('  ').trimEnd());
  for (const d of devices) if (d.hint) lines.push(`  ${d.serial}: ${d.hint}`);
  return lines.join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  const { json, watch, connect, 'adb-server': server } = p.values;
  let mgr: DeviceManager;
  try {
    mgr = new DeviceManager(resolveAdbServer(server));
    if (connect) console.error(`connected: ${await mgr.connect(connect)}`);
    const list = await mgr.list();
    console.log(json ? JSON.stringify(list, null, 2) : table(list));
    if (!watch) return list.some((d) => d.state === 'device') ? 0 : 1;
  } catch (err) {
    console.error(`touchstone devices: ${(err as Error).message}`);
    return 1;
  }
  const stop = await mgr.track((list) => console.log(json ? JSON.stringify(list) : `\n${new Date().toISOString()}\n${table(list)}`), (e) => console.error(`touchstone devices: ${e.message}`));
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  stop();
  return 0;
}
