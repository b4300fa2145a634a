import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseComponent, parseFocusedWindow, parseForegroundActivity, parsePackageList } from '../../../../shared/formats/dumpsys';
import { VirtualDevice } from '../../device';
import { DemoWorld } from '../../world/demo/demo-world';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/dumpsys');
const ANDROID12_ACTIVITIES = path.join(FIXTURES, 'Healer-s+Healer__dumpsys_activity.txt');
const PM_LIST = path.join(FIXTURES, 'gwm-haval__pm_list_packages.txt');

const dev = new VirtualDevice({ world: new DemoWorld(), clock: () => new Date('2026-03-02T09:41:00Z') });
const out = async (line: string): Promise<string> => {
  const r = await dev.exec(line);
  if (r.code !== 0) throw new Error(`${line} -> ${r.code}: ${r.stderr.toString()}`);
  return r.stdout.toString();
};

/** A line with its variable parts (ids, components, names, numbers, flags) blanked: what a parser relies on. */
function shape(line: string): string {
  return line.trim()
    .replace(/[\w.$]+\/[\w.$]+/g, 'C')
    .replace(/\b[0-9a-f]{7,8}\b/g, 'H')
    .replace(/[A-Za-z_][\w$]*(\.[\w$]+)+/g, 'P')
    .replace(/\b([ut])\d+\b/g, '$1N')
    .replace(/\b\d+\b/g, 'N')
    .replace(/\b(true|false)\b/g, 'B');
}

describe('what the device prints is what FORMATS parses (shared/formats/dumpsys.ts)', () => {
  it.each<[string, string, string]>([
    ['input keyevent HOME', 'com.google.android.apps.nexuslauncher/.NexusLauncherActivity', 'com.google.android.apps.nexuslauncher'],
    ['am start -n com.android.settings/.Settings', 'com.android.settings/.Settings', 'com.android.settings'],
    ['am start -n com.touchstone.shop/.CartActivity', 'com.touchstone.shop/.CartActivity', 'com.touchstone.shop'],
  ])('after %s every dumpsys form names %s', async (cmd, short, pkg) => {
    await out(cmd);
    for (const form of ['dumpsys activity activities', 'dumpsys activity', 'dumpsys window', 'dumpsys window windows', 'dumpsys window displays']) {
      const fg = parseForegroundActivity(await out(form));
      expect(fg, form).not.toBeNull();
      expect([form, normaliseComponent(fg!.component), fg!.packageName]).toEqual([form, normaliseComponent(short), pkg]);
    }
    expect(parseForegroundActivity(await out('dumpsys activity activities'))!.component).toBe(short);
  });

  it.skipIf(!existsSync(ANDROID12_ACTIVITIES))("the focused window's title, as a real Android 12 phone prints it, when no activity names the front", () => {
    // The real dump's focus is the notification shade (a lock screen): a window title, not a component.
    expect(parseFocusedWindow(readFileSync(ANDROID12_ACTIVITIES, 'utf8'))).toBe('NotificationShade');
    expect(parseFocusedWindow('  mCurrentFocus=null\n  mFocusedApp=null\n')).toBeNull();
    expect(parseFocusedWindow('  mCurrentFocus=Window{1651cd4 u0 com.android.systemui.ImageWallpaper}\r\n')).toBe('com.android.systemui.ImageWallpaper');
  });

  it('pm list packages in every form lists the installed packages', async () => {
    const all = dev.world().packages().map((p) => p.name);
    expect(parsePackageList(await out('pm list packages'))).toEqual(all);
    expect(parsePackageList(await out('pm list packages -f'))).toEqual(all);
    expect(parsePackageList(await out('cmd package list packages -3'))).toEqual(dev.world().packages().filter((p) => !p.system).map((p) => p.name));
  });

  it('wm size, wm density and getprop print the API 31 forms', async () => {
    expect(await out('wm size')).toMatch(/^Physical size: \d+x\d+\n$/);
    expect(await out('wm size 720x1280 && wm size')).toBe('Physical size: 1080x2400\nOverride size: 720x1280\n');
    expect(await out('wm density')).toMatch(/^Physical density: \d+\n$/);
    expect((await out('getprop')).split('\n').filter(Boolean).every((l) => /^\[[\w.]+\]: \[.*\]$/.test(l))).toBe(true);
    expect(await out('getprop ro.build.version.sdk')).toBe('31\n');
  });
});

describe.skipIf(!existsSync(ANDROID12_ACTIVITIES))('line shapes match a real Android 12 phone (../shared/fixtures/dumpsys absent → skipped)', () => {
  const KEY_LINES = ['* Task{', '* Hist', 'packageName=', 'mActivityComponent=', 'windows=[Window{', 'Resumed:', 'ResumedActivity:',
    'topDisplayFocusedRootTask=', 'Display: mDisplayId=', 'mFocusedApp=', 'ACTIVITY MANAGER ACTIVITIES', 'Resumed activities in task display areas'];

  it.each(KEY_LINES)('dumpsys activity activities: the %s line has the real shape', async (prefix) => {
    await out('am start -n com.android.settings/.Settings');
    const firstWith = (text: string): string | undefined => text.split(/\r?\n/).find((l) => l.trim().startsWith(prefix));
    const real = firstWith(readFileSync(ANDROID12_ACTIVITIES, 'utf8'));
    const ours = firstWith(await out('dumpsys activity activities'));
    expect(real, `fixture has a ${prefix} line`).toBeDefined();
    // The real task was asleep; ours is on screen: the visibility flags may differ, not the layout.
    expect(shape(ours ?? '<missing>')).toBe(shape(real!));
  });

  it.skipIf(!existsSync(PM_LIST))('pm list packages lines look like the real ones', async () => {
    const real = readFileSync(PM_LIST, 'utf8').split('\n').filter(Boolean);
    const ours = (await out('pm list packages')).split('\n').filter(Boolean);
    expect(new Set(real.map(shape))).toEqual(new Set(ours.map(shape)));
  });
});
