/** What the run view asks of one device: mirror frames, the numbered hierarchy, inputs, and virtual devices started in the core. */
import type { DeviceComponent, DeviceFrame, DeviceInfo, DeviceInput } from '../../../shared/contract/device';
import { numberComponents } from '../../../shared/formats/number-components';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { formatProblem } from '../../../shared/model';
import { DeviceCapture } from '../capture/capture';
import { adbShell } from '../capture/device-shell';
import { performAction } from '../capture/perform-action';
import type { DeviceManager } from './device-manager';

/** The PNG's size from its IHDR chunk (no decode). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('screencap did not return a PNG (no IHDR chunk); is the device unlocked and awake?');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export async function screenFrame(mgr: DeviceManager, serial: string): Promise<DeviceFrame> {
  const png = await adbShell(mgr.client, serial).screencap(10_000);
  return { png: png.toString('base64'), ...pngSize(png), capturedAt: Date.now() };
}

export async function screenComponents(mgr: DeviceManager, serial: string): Promise<DeviceComponent[]> {
  const { xml } = await new DeviceCapture(adbShell(mgr.client, serial)).hierarchy();
  const parsed = parseUiautomatorXml(xml, `device ${serial}`);
  if (!parsed.ok) throw new Error(`Device ${serial}: the hierarchy could not be parsed: ${parsed.problems.map(formatProblem).join('; ')}`);
  return numberComponents(parsed.value).map((c) => {
    const n = (c.bounds.match(/-?\d+/g) ?? []).map(Number);
    return { id: c.id, bounds: [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 0], label: c.text || c['content-desc'] || c['resource-id'].split('/').pop() || c.class.split('.').pop() || '' };
  });
}

/** Checks an input from the renderer before it reaches the device. */
export function checkInput(input: DeviceInput | undefined): DeviceInput {
  const num = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  switch (input?.kind) {
    case 'tap': case 'long-press': if (num(input.x) && num(input.y)) return input; break;
    case 'swipe': if ([input.x1, input.y1, input.x2, input.y2].every(num)) return input; break;
    case 'type': if (typeof input.text === 'string' && input.text.length > 0) return input; break;
    case 'back': case 'home': case 'enter': return input;
  }
  throw new Error(`Not a device input: ${JSON.stringify(input)?.slice(0, 120)}; use tap/long-press {x,y}, swipe {x1,y1,x2,y2}, type {text}, back, home or enter.`);
}

export async function sendInput(mgr: DeviceManager, serial: string, input: DeviceInput): Promise<void> {
  await performAction(adbShell(mgr.client, serial), checkInput(input));
}

/** The demo phone's clock, as the demo dataset was recorded (byte-stable screens for replays). */
const DEMO_CLOCK = Date.UTC(2026, 0, 15, 9, 41);

/** Virtual devices this core started, by serial. */
export class VirtualDevices {
  private readonly started = new Map<string, () => Promise<void>>();

  /** Starts the demo phone or a replay of an episode folder, connects adb to it and waits until adb lists it usable. */
  async start(mgr: DeviceManager, world: 'demo' | { replay: string }): Promise<DeviceInfo> {
    const vd = await import('../../virtual-device/index');
    const inst = await vd.startDeviceInstance({
      world: world === 'demo' ? new vd.DemoWorld() : vd.createWorld(world.replay),
      clock: world === 'demo' ? () => new Date(DEMO_CLOCK) : undefined,
    });
    this.started.set(inst.serial, () => inst.stop());
    try {
      await mgr.connect(inst.serial);
      for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
        const d = (await mgr.list()).find((x) => x.serial === inst.serial);
        if (d?.state === 'device' && d.model) return d;
      }
      throw new Error(`The virtual device ${inst.serial} did not come up in adb within 15 s.`);
    } catch (err) {
      await this.stop(mgr, inst.serial);
      throw err;
    }
  }

  async stop(mgr: DeviceManager, serial: string): Promise<boolean> {
    const stop = this.started.get(serial);
    if (!stop) return false;
    this.started.delete(serial);
    await mgr.disconnect(serial);
    await stop();
    return true;
  }

  async stopAll(mgr: DeviceManager): Promise<void> {
    await Promise.all([...this.started.keys()].map((s) => this.stop(mgr, s)));
  }
}
