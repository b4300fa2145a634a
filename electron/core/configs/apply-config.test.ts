import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImage } from '@napi-rs/canvas';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import type { VhNode } from '../../../shared/model';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../virtual-device/testing';
import { adbShell, type DeviceShell } from '../capture/device-shell';
import { DeviceManager } from '../devices/device-manager';
import { applyConfig } from './apply-config';

describe.skipIf(!HAVE_ADB)('device configurations applied and restored through the real adb (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  let shell: DeviceShell;
  const sh = async (cmd: string): Promise<string> => (await shell.run(cmd)).toString('utf8');
  const nodes = async (): Promise<VhNode[]> => {
    const out = await sh('uiautomator dump /dev/tty');
    const vh = parseUiautomatorXml(out.slice(0, out.lastIndexOf('</hierarchy>') + 12), 'tty');
    if (!vh.ok) throw new Error(vh.problems[0]!.message);
    return vh.value.nodes;
  };
  const node = async (text: string): Promise<VhNode> => {
    const all = await nodes();
    const n = all.find((x) => x.text === text);
    if (!n) throw new Error(`no "${text}" on screen: ${all.map((x) => x.text).filter(Boolean).join(' | ')}`);
    return n;
  };
  const height = (n: VhNode): number => n.bounds!.y2 - n.bounds!.y1;
  /** RGB of one pixel of the current screenshot. */
  const pixel = async (x: number, y: number): Promise<number[]> => {
    const img = await loadImage(await shell.screencap());
    const { createCanvas } = await import('@napi-rs/canvas');
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3), img.width, img.height];
  };
  const readBack = (): Promise<string[]> => Promise.all(['settings get system font_scale', 'cmd uimode night', 'getprop persist.sys.locale', 'wm size', 'wm density', 'settings get system touchstone_icon_grid'].map(sh));

  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb, clock: () => new Date('2026-03-02T09:41:00Z') });
    shell = adbShell(new DeviceManager({ host: '127.0.0.1', port: adb.port }).client, dev.serial);
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('large font + dark + launcher factors: rows grow, colours darken, the home grid moves; every value comes back', async () => {
    const before = await readBack();
    await sh('am start -n com.android.settings/com.android.settings.Settings');
    const row = height(await node('Network & internet'));
    const bg = await pixel(540, 2300);
    const applied = await applyConfig(shell, { name: 'big-dark', fontScale: 1.3, dark: true, wallpaper: 'green', iconGrid: '3x4', iconSize: 1.25 });
    expect(applied.record.commands).toEqual(['settings put system font_scale 1.3', 'cmd uimode night yes', "settings put system touchstone_wallpaper '#188038'", 'settings put system touchstone_icon_grid 3x4', 'settings put system touchstone_icon_size 1.25']);
    expect(applied.record.previous).toMatchObject({ font_scale: '1.0', night_mode: 'no', wallpaper: null });
    expect(height(await node('Network & internet'))).toBeGreaterThan(row);
    const dark = await pixel(540, 2300);
    expect(dark[0]! + dark[1]! + dark[2]!).toBeLessThan((bg[0]! + bg[1]! + bg[2]!) / 3);
    await sh('input keyevent 3');
    const icon = await node('Notes');
    expect(icon.bounds!.x2 - icon.bounds!.x1).toBe(Math.floor((1080 - 42) / 3)); // 3 columns
    expect((await pixel(5, 2300)).slice(0, 3)).toEqual([0x18, 0x80, 0x38]); // wallpaper
    const restored = await applied.restore();
    expect(restored).toMatchObject({ ok: true, mismatches: [] });
    expect(await readBack()).toEqual(before);
  });

  it('German on a tablet: translated strings, a 1600x2560 screen with its bounds, wm overrides reset after', async () => {
    const before = await readBack();
    const applied = await applyConfig(shell, { name: 'de-tablet', locale: 'de-DE', device: 'tablet' });
    expect(applied.screen).toEqual({ width: 1600, height: 2560 });
    await sh('am start -n com.android.settings/com.android.settings.Settings');
    const title = await node('Einstellungen');
    expect(await node('Netzwerk & Internet')).toBeTruthy();
    expect(title.bounds!.x2).toBeGreaterThan(1080);
    expect((await pixel(0, 0)).slice(3)).toEqual([1600, 2560]);
    expect(await sh('wm size')).toBe('Physical size: 1080x2400\nOverride size: 1600x2560\n');
    expect((await applied.restore()).ok).toBe(true);
    expect(await readBack()).toEqual(before);
    expect(await node('Settings')).toBeTruthy();
    expect((await pixel(0, 0)).slice(3)).toEqual([1080, 2400]);
  });

  it('a setting the device refuses (setprop on a user build) stops with the setting named and puts the rest back', async () => {
    const before = await readBack();
    const refusing: DeviceShell = { ...shell, run: (cmd, t) => (cmd.startsWith('setprop') ? Promise.resolve(Buffer.from('')) : shell.run(cmd, t)) };
    await expect(applyConfig(refusing, { name: 'de-big', fontScale: 1.15, locale: 'de-DE' })).rejects.toThrow(/Configuration "de-big": locale reads back en-US after `setprop persist.sys.locale de-DE`.*adb root.*Previous values restored\./);
    expect(await readBack()).toEqual(before);
  });
});
