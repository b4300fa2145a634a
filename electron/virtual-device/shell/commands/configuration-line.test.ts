import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../testing';

const FIXTURE = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/dumpsys/Healer-s+Healer__dumpsys_activity.txt');

/** Android 12's Configuration#toString, field by field (mnc glued to mcc; long / night only when set). */
const CONFIG = /^\{(?<font>\d+(?:\.\d+)?) (?:\?mcc\?mnc|\d+mcc\d+mnc) \[(?<locale>[a-z]{2,3}_[A-Z]{2})\] ldltr sw(?<sw>\d+)dp w(?<w>\d+)dp h(?<h>\d+)dp (?<dpi>\d+)dpi (?<size>smll|nrml|lrg|xlrg)(?<long> long)? (?<orien>port|land)(?<night> night)? finger -keyb\/v\/h -nav\/h winConfig=\{ mBounds=Rect\(0, 0 - (?<bw>\d+), (?<bh>\d+)\) .*\}(?: as\.\d+)? s\.\d+ fontWeightAdjustment=0\}$/;

const configs = (dump: string, key: string): RegExpExecArray[] =>
  dump.split('\n').filter((l) => l.trim().startsWith(`${key}=`)).map((l) => CONFIG.exec(l.trim().slice(key.length + 1))!);

describe('the configuration line of the format real Android 12 dumps have', () => {
  it.skipIf(!existsSync(FIXTURE))('the pattern reads the real dump (../shared/fixtures/dumpsys)', () => {
    const real = configs(readFileSync(FIXTURE, 'utf8'), 'CurrentConfiguration');
    expect(real.length).toBeGreaterThan(0);
    expect(real.every((m) => m !== null)).toBe(true);
    expect(real[0]!.groups).toMatchObject({ font: '1.0', locale: 'en_US', sw: '320', w: '320', h: '461', dpi: '240', size: 'smll', orien: 'port' });
  });
});

describe.skipIf(!HAVE_ADB)('dumpsys configuration lines follow font scale, locale, density and night mode, through the real adb (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  const sh = async (cmd: string): Promise<string> => (await adb.adb(['-s', dev.serial, 'shell', cmd])).stdout;

  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb });
  }, 60_000);
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  const lines = async () => ({
    activity: configs(await sh('dumpsys activity activities'), 'CurrentConfiguration'),
    window: configs(await sh('dumpsys window'), 'mGlobalConfiguration'),
  });

  it('the default device prints 1.0, [en_US], its density and no night', async () => {
    const { activity, window } = await lines();
    expect(activity).toHaveLength(1);
    expect(window).toHaveLength(1);
    for (const m of [...activity, ...window]) {
      expect(m, 'a line not in the Android 12 format').not.toBeNull();
      expect(m.groups!.font).toBe('1.0');
      expect(m.groups!.locale).toBe('en_US');
      expect(m.groups!.night).toBeUndefined();
      expect(m.groups!.orien).toBe('port');
    }
  });

  it('after settings / setprop / wm density / cmd uimode the lines say 1.3, [de_DE], 320dpi, night; a reset brings the defaults back', async () => {
    const before = (await lines()).window[0]!.groups!;
    await sh('settings put system font_scale 1.3');
    await sh('setprop persist.sys.locale de-DE');
    await sh('wm density 320');
    await sh('cmd uimode night yes');
    const { activity, window } = await lines();
    for (const m of [activity[0]!, window[0]!]) {
      expect(m).not.toBeNull();
      expect(m.groups).toMatchObject({ font: '1.3', locale: 'de_DE', dpi: '320', night: ' night', bw: before.bw, bh: before.bh });
      // dp sizes follow the density: the same pixels at 320 dpi are more dp than at the default 420 dpi.
      expect(Number(m.groups!.sw)).toBe(Math.floor(Number(m.groups!.bw) / 2));
    }
    expect(Number(window[0]!.groups!.sw)).toBeGreaterThan(Number(before.sw));
    await sh('settings delete system font_scale');
    await sh('setprop persist.sys.locale ""');
    await sh('wm density reset');
    await sh('cmd uimode night no');
    expect((await lines()).window[0]!.groups).toEqual(before);
  });

  it('a tablet size makes the screen large in dp (lrg / xlrg) and am stack list prints the same configuration', async () => {
    await sh('wm size 1600x2560');
    await sh('wm density 320');
    const { window } = await lines();
    expect(window[0]!.groups).toMatchObject({ sw: '800', dpi: '320', size: 'xlrg', bw: '1600', bh: '2560' });
    const stack = (await sh('am stack list')).split('\n').filter((l) => l.trim().startsWith('configuration='));
    expect(stack.length).toBeGreaterThan(0);
    expect(CONFIG.exec(stack[0]!.trim().slice('configuration='.length))?.groups).toMatchObject({ sw: '800', dpi: '320', size: 'xlrg' });
    await sh('wm size reset');
    await sh('wm density reset');
  });
});
