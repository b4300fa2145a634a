import type { DeviceInfo } from '../../../shared/contract/device';
import { adbShell, type DeviceShell } from '../capture/device-shell';
import { createAdbClient, type AdbClient, type AdbServerAddress } from './adb-client';
import { DevicePresence } from './device-presence';
import { deviceKind, stateHint, toDeviceState } from './device-states';

/** How often the device list is read while a TCP device is usable (see `track`). */
const TCP_POLL_MS = 1000;

/** Reads model, API level, serial property and screen size with one shell round trip. */
async function details(client: AdbClient, serial: string): Promise<Pick<DeviceInfo, 'model' | 'apiLevel' | 'screen'> & { serialno?: string }> {
  const out = (await adbShell(client, serial).run('getprop ro.product.model; getprop ro.build.version.sdk; getprop ro.serialno; wm size', 5000)).toString('utf8');
  const [model, sdk, serialno] = out.split('\n').map((l) => l.trim());
  const size = /(?:Override|Physical) size: (\d+)x(\d+)/.exec(out.includes('Override size') ? out.slice(out.indexOf('Override size')) : out);
  return {
    model: model || undefined,
    apiLevel: /^\d+$/.test(sdk ?? '') ? Number(sdk) : undefined,
    serialno: serialno || undefined,
    screen: size ? { width: Number(size[1]), height: Number(size[2]) } : undefined,
  };
}

/**
 * The devices one adb server sees (local, or another machine's with
 * `--adb-server host:port`), with details and what to do about unusable ones;
 * live tracking; `adb connect` for remote devices.
 */
export class DeviceManager {
  readonly client: AdbClient;
  private readonly cache = new Map<string, Awaited<ReturnType<typeof details>>>();
  /** Devices the tracker saw leave (every `track` feeds it). */
  readonly presence = new DevicePresence();
  private watching: Promise<() => void> | null = null;

  constructor(readonly server: AdbServerAddress) {
    this.client = createAdbClient(server);
  }

  private unreachable(err: unknown): Error {
    return new Error(`Cannot reach the adb server at ${this.server.host}:${this.server.port} (${(err as Error).message}). Start it with \`adb start-server\`, or point at another one with --adb-server host:port.`, { cause: err });
  }

  /** Every device the server knows, usable ones with model, API level and screen size. */
  async list(): Promise<DeviceInfo[]> {
    let raw: { id: string; type: string }[];
    try { raw = await this.client.listDevices(); } catch (err) { throw this.unreachable(err); }
    return Promise.all(raw.map((d) => this.describe(d.id, d.type)));
  }

  private async describe(serial: string, type: string): Promise<DeviceInfo> {
    const state = toDeviceState(type);
    const info: DeviceInfo = { serial, state, kind: deviceKind(serial) };
    if (state !== 'device') { info.hint = stateHint(state, serial); return info; }
    try {
      let d = this.cache.get(serial);
      if (!d) { d = await details(this.client, serial); this.cache.set(serial, d); }
      Object.assign(info, { model: d.model, apiLevel: d.apiLevel, screen: d.screen, kind: deviceKind(serial, { serialno: d.serialno, model: d.model }) });
    } catch (err) {
      info.hint = `Listed as usable but did not answer a shell command (${(err as Error).message}); reconnect it.`;
    }
    return info;
  }

  /**
   * Follows the device list live (adb's track-devices): `onChange` gets the whole
   * list after every change. Returns a stop function.
   */
  async track(onChange: (devices: DeviceInfo[]) => void, onError?: (err: Error) => void): Promise<() => void> {
    let tracker: Awaited<ReturnType<AdbClient['trackDevices']>>;
    try { tracker = await this.client.trackDevices(); } catch (err) { throw this.unreachable(err); }
    const known = new Map<string, string>();
    let queued = Promise.resolve();
    const publish = (): void => {
      queued = queued.then(async () => onChange(await Promise.all([...known].map(([s, t]) => this.describe(s, t))))).catch((e: Error) => onError?.(e));
    };
    tracker.on('add', (d: { id: string; type: string }) => { known.set(d.id, d.type); this.presence.update(d.id, d.type); publish(); });
    tracker.on('change', (d: { id: string; type: string }) => { known.set(d.id, d.type); this.cache.delete(d.id); this.presence.update(d.id, d.type); publish(); });
    tracker.on('remove', (d: { id: string }) => { known.delete(d.id); this.cache.delete(d.id); this.presence.update(d.id, null); publish(); });
    tracker.on('error', (e: Error) => onError?.(e));
    // adbkit reads the first list before it hands the tracker over: the devices already there were
    // announced before these listeners existed. The tracker's own list is the baseline of its later events.
    const initial = (tracker as unknown as { deviceList?: { id: string; type: string }[] }).deviceList ?? [];
    for (const d of initial) if (!known.has(d.id)) { known.set(d.id, d.type); this.presence.update(d.id, d.type); }
    if (initial.length) publish();
    // adb's track-devices stays silent when a TCP device (adb connect) drops its link: the device turns
    // 'offline' in `adb devices` at once (measured: within 0.5 s of the device process being killed),
    // but no event comes, so an agent thinking for a minute would only learn it at its next command.
    // While a TCP device is listed as usable, the list is read every TCP_POLL_MS and differences are
    // announced like the tracker's own changes.
    let polling = false;
    const poll = setInterval(() => {
      if (polling || ![...known].some(([s, t]) => t === 'device' && deviceKind(s) === 'tcp')) return;
      polling = true;
      void this.client.listDevices().then((now: { id: string; type: string }[]) => {
        let changed = false;
        for (const [serial, type] of [...known]) {
          if (deviceKind(serial) !== 'tcp') continue;
          const listed = now.find((d) => d.id === serial)?.type;
          if (listed === type) continue;
          changed = true;
          this.cache.delete(serial);
          if (listed === undefined) known.delete(serial); else known.set(serial, listed);
          this.presence.update(serial, listed ?? null);
        }
        if (changed) publish();
      }, () => undefined).finally(() => { polling = false; });
    }, TCP_POLL_MS);
    poll.unref();
    return () => { clearInterval(poll); tracker.end(); };
  }

  /**
   * Follows the device list in the background (once) so that `shell()` commands on a device
   * that vanishes fail at once; restarts on the next call after the adb server went away.
   */
  async watch(): Promise<void> {
    this.watching ??= this.track(() => undefined, () => { this.watching = null; });
    try { await this.watching; } catch (err) { this.watching = null; throw err; }
  }

  /** Stops the background tracking of `watch()`. */
  async unwatch(): Promise<void> {
    const w = this.watching;
    this.watching = null;
    if (w) (await w.catch(() => () => undefined))();
  }

  /** A shell on one device whose commands fail, naming it, as soon as adb reports it gone (after `watch()`). */
  shell(serial: string): DeviceShell {
    return this.presence.watch(adbShell(this.client, serial));
  }

  /** `adb connect host:port`; resolves with the serial adb gives the device. */
  async connect(address: string): Promise<string> {
    const m = /^([\w.-]+|\[[0-9a-f:]+\]):(\d{1,5})$/i.exec(address.trim());
    if (!m) throw new Error(`"${address}" is not host:port (e.g. 10.0.0.5:5555 or an STF remote-connect endpoint).`);
    try {
      return await this.client.connect(m[1].replace(/^\[|\]$/g, ''), Number(m[2]));
    } catch (err) {
      throw new Error(`adb connect ${address} failed: ${(err as Error).message}. Check that the device listens there (adb tcpip 5555 on a phone; the STF "Remote debug" address) and is reachable from the adb server's machine.`, { cause: err });
    }
  }

  async disconnect(address: string): Promise<void> {
    const [host, port] = address.split(/:(?=\d+$)/);
    await this.client.disconnect(host, Number(port)).catch(() => undefined);
    this.cache.delete(address);
  }

  /** The usable devices among `wanted` (serials, or 'all'); throws naming each unusable one and what to do. */
  async pick(wanted: string[] | 'all'): Promise<DeviceInfo[]> {
    const all = await this.list();
    const chosen = wanted === 'all' ? all : wanted.map((s) => all.find((d) => d.serial === s) ?? { serial: s, state: 'unknown' as const, kind: deviceKind(s), hint: `adb does not list ${s}; connect it (\`touchstone devices --connect ${s}\` for host:port) or check the serial with \`touchstone devices\`.` });
    const bad = chosen.filter((d) => d.state !== 'device');
    if (wanted !== 'all' && bad.length) throw new Error(bad.map((d) => `${d.serial} is ${d.state}: ${d.hint ?? ''}`).join('\n'));
    const usable = chosen.filter((d) => d.state === 'device');
    if (!usable.length) throw new Error(`No usable device on the adb server ${this.server.host}:${this.server.port}.${bad.length ? '\n' + bad.map((d) => `${d.serial} is ${d.state}: ${d.hint ?? ''}`).join('\n') : ' Connect one (USB, `adb connect host:port`, or `touchstone device serve --connect`).'}`);
    return usable;
  }
}
