import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { decodeText } from '../../platform/decode-text';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../virtual-device/testing';
import { createAdbClient } from '../devices/adb-client';
import { DeviceCapture, extractDumpXml, foregroundFromDumpsys } from './capture';
import { adbShell, type DeviceShell } from './device-shell';
import { fromGtAction, toExecAction, toGtAction, type DeviceAction } from '../../../shared/kinds/actions';
import { inputTextArg, performAction } from './perform-action';

const DUMPSYS = path.resolve(import.meta.dirname, '../../../../shared/fixtures/dumpsys');

describe('foreground activity from real dumpsys outputs', () => {
  const expected = ['Healer-s+Healer__dumpsys_activity.txt', 'cryptoloot__dumpsys_window_utf16le.txt', 'lodrean__dumpsys_activity.txt'];
  const files = (() => { try { return readdirSync(DUMPSYS).filter((f) => f.includes('dumpsys')); } catch { return []; } })();
  it.skipIf(files.length === 0)('parses every fixture that names one, fully qualified, and none from the failure output', () => {
    const got = Object.fromEntries(files.map((f) => [f, foregroundFromDumpsys(decodeText(readFileSync(path.join(DUMPSYS, f))))]));
    expect(Object.keys(got).sort()).toEqual(expected);
    // lodrean's capture is the output of a failed `am` command: no activity in it.
    expect(got['lodrean__dumpsys_activity.txt']).toBeNull();
    // `ResumedActivity: ActivityRecord{... com.mediatek.camera/.CameraLauncher}`: the short form comes back fully qualified.
    expect(got['Healer-s+Healer__dumpsys_activity.txt']).toBe('com.mediatek.camera/com.mediatek.camera.CameraLauncher');
    // UTF-16LE with CRLF, a `dumpsys window` capture without a focus line: the topmost app window (type=1).
    expect(got['cryptoloot__dumpsys_window_utf16le.txt']).toBe('com.kryptoloot.app/com.example.MainActivity');
  });
});

describe('dump output and actions', () => {
  it('extracts the XML of `uiautomator dump /dev/tty` and rejects error output', () => {
    const xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node index=\"0\"/></hierarchy>";
    expect(extractDumpXml(`${xml}UI hierchary dumped to: /dev/tty\n`)).toBe(xml);
    expect(extractDumpXml('ERROR: could not get idle state.\n')).toBeNull();
  });

  it('quotes typed text for the device shell: spaces as %s, symbols kept, non-ASCII refused', () => {
    expect(inputTextArg("it's 5 & <b> $HOME; a|b")).toBe("'it'\\''s%s5%s&%s<b>%s$HOME;%sa|b'");
    expect(inputTextArg('Grüße')).toBeNull();
  });

  it('maps actions to trace lines and ground-truth lines and back', () => {
    const screen = { width: 1080, height: 2400 };
    const table: [DeviceAction, string][] = [
      [{ kind: 'tap', x: 540, y: 1200 }, 'click'], [{ kind: 'long-press', x: 10, y: 20 }, 'long-click'],
      [{ kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 600 }, 'swipe'], [{ kind: 'type', text: 'a, b' }, 'type'],
      [{ kind: 'back' }, 'back'], [{ kind: 'home' }, 'home'], [{ kind: 'enter' }, 'enter'], [{ kind: 'complete' }, 'complete'],
    ];
    for (const [a, kind] of table) {
      expect(toExecAction(a, screen).kind).toBe(kind);
      const gt = toGtAction(a, screen);
      if (gt) expect(fromGtAction(gt, screen)).toEqual(a.kind === 'swipe' ? { ...a } : a);
    }
    expect(toExecAction({ kind: 'tap', x: 540, y: 1200 }, screen)).toEqual({ kind: 'click', at: { x: 0.5, y: 0.5 }, screen });
    expect(fromGtAction({ kind: 'click', resolution: { width: 320, height: 720 }, at: { x: 160, y: 360 } }, screen)).toEqual({ kind: 'tap', x: 540, y: 1200 });
  });

  it('non-ASCII text without ADBKeyBoard fails with what to do', async () => {
    const calls: string[] = [];
    const shell: DeviceShell = { serial: 'phone1', run: async (c) => { calls.push(c); return Buffer.from('package:com.android.settings\n'); }, screencap: async () => Buffer.alloc(0) };
    await expect(performAction(shell, { kind: 'type', text: 'Grüße' })).rejects.toThrow(/ADBKeyBoard .* not installed\. Install its APK \(`adb -s phone1 install/);
    expect(calls.every((c) => !c.startsWith('input text'))).toBe(true);
  });
});

describe.skipIf(!HAVE_ADB)('capture through the real adb server (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  let capture: DeviceCapture;
  const retries: string[] = [];
  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb });
    capture = new DeviceCapture(adbShell(createAdbClient({ host: '127.0.0.1', port: adb.port }), dev.serial), { dumpBackoffMs: 20, onRetry: (k, e) => retries.push(`${k}: ${e}`) });
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  async function field(id: string): Promise<string> {
    const vh = parseUiautomatorXml((await capture.hierarchy()).xml, 'x');
    if (!vh.ok) throw new Error('bad xml');
    return vh.value.nodes.find((n) => n.resourceId.endsWith(`:id/${id}`))!.text;
  }

  it('reads size, activity, packages and a screenshot', async () => {
    expect(await capture.screenSize()).toEqual({ width: 1080, height: 2400 });
    await performAction(capture.shell, { kind: 'launch', pkg: 'com.touchstone.notes' });
    expect(await capture.activity()).toBe('com.touchstone.notes/com.touchstone.notes.NotesActivity');
    expect(await capture.packages()).toContain('com.touchstone.shop');
    expect((await capture.screenshot()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('retries a failing dump and succeeds once the device recovers; gives a clear error after the cap', async () => {
    dev.device.faults.dumpFails = true;
    retries.length = 0;
    const p = capture.hierarchy();
    setTimeout(() => { dev.device.faults.dumpFails = false; }, 60);
    const r = await p;
    expect(r.attempts).toBeGreaterThan(1);
    expect(retries[0]).toMatch(/could not get idle state/);
    dev.device.faults.dumpFails = true;
    await expect(new DeviceCapture(capture.shell, { dumpAttempts: 3, dumpBackoffMs: 5 }).hierarchy()).rejects.toThrow(/uiautomator dump failed 3 time\(s\) \("ERROR: could not get idle state\."\).*disable animations/);
    dev.device.faults.dumpFails = false;
  });

  it('types spaces and symbols with input text, and Unicode through ADBKeyBoard', async () => {
    await capture.shell.run('pm clear com.touchstone.notes; monkey -p com.touchstone.notes 1');
    await performAction(capture.shell, { kind: 'tap', x: 980, y: 2220 }); // New note (FAB): the title field has focus
    await performAction(capture.shell, { kind: 'type', text: "Milk & eggs; 'fresh' (2x) $5" });
    expect(await field('note_title')).toBe("Milk & eggs; 'fresh' (2x) $5");
    await performAction(capture.shell, { kind: 'type', text: ' – Grüße 你好' });
    expect(await field('note_title')).toBe("Milk & eggs; 'fresh' (2x) $5 – Grüße 你好");
    // the keyboard the user had is selected again afterwards
    expect((await capture.shell.run('settings get secure default_input_method')).toString().trim()).toMatch(/LatinIME/);
  });

  it('waits for an animating screen to settle instead of sleeping a fixed time', async () => {
    dev.device.faults.animationMs = 400;
    await performAction(capture.shell, { kind: 'back' });
    const t0 = Date.now();
    const s = await capture.waitStable();
    expect(s.stable).toBe(true);
    expect(s.captures).toBeGreaterThan(2);
    expect(Date.now() - t0).toBeGreaterThan(250);
    dev.device.faults.animationMs = 0;
    const quiet = await capture.waitStable();
    expect(quiet.captures).toBe(2);
  });
});
