/** `touchstone devices`: the devices an adb server sees, with model, API level, screen and what to do about unusable ones. */
import type { DeviceInfo } from '../../shared/contract/device';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';

const USAGE = `Usage: touchstone devices [--json] [--connect host:port] [--watch] [--adb-server host:port]

  --json               print the list as JSON
  --connect host:port  adb connect first (an STF remote-connect endpoint, a docker-android or
                       Genymotion container, a phone on Wi-Fi, a virtual device)
  --watch              keep listing on every change until Ctrl-C
  --adb-server H:P     use the adb server on another machine (default: ADB_SERVER_SOCKET, else
                       ANDROID_ADB_SERVER_PORT, else 127.0.0.1:5037)

Exit 0 when at least one device is usable, 1 when none is (or the adb server is unreachable).`;

function table(devices: DeviceInfo[]): string {
  if (!devices.length) return 'No devices. Connect one over USB, `touchstone devices --connect host:port`, or start `touchstone device serve --connect`.';
  const rows = devices.map((d) => [d.serial, d.state, d.kind, d.model ?? '', d.apiLevel ? `API ${d.apiLevel}` : '', d.screen ? `${d.screen.width}x${d.screen.height}` : '']);
  const w = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => r.map((v, c) => v.padEnd(w[c]!)).join('  ').trimEnd());
  for (const d of devices) if (d.hint) lines.push(`  ${d.serial}: ${d.hint}`);
  return lines.join('\n');
}

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) { console.log(USAGE); return 0; }
  let json = false; let watch = false; let connect: string | undefined; let server: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') json = true;
    else if (a === '--watch') watch = true;
    else if (a === '--connect' && argv[i + 1]) connect = argv[++i];
    else if (a === '--adb-server' && argv[i + 1]) server = argv[++i];
    else { console.error(`touchstone devices: unexpected argument "${a}"\n\n${USAGE}`); return 2; }
  }
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
