import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { startAdbServer, startVirtualDevice, ADB, type AdbServer, type StartedDevice } from './testing';
import { pngSize } from './world/replay/load-recording';

const haveAdb = ((): boolean => { try { execFileSync(ADB, ['version']); return true; } catch { return false; } })();
const haveScript = ((): boolean => { try { execFileSync('script', ['--version']); return true; } catch { return false; } })();

describe.skipIf(!haveAdb)('the real adb drives the virtual device (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  let tmp: string;
  const sh = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);

  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb });
    tmp = mkdtempSync(join(tmpdir(), 'vd-adb-'));
  });
  afterAll(async () => {
    await dev?.stop();
    await adb?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('adb connect lists it as device with its product and model', async () => {
    const out = (await adb.adb(['devices', '-l'])).stdout;
    const line = out.split('\n').find((l) => l.startsWith(dev.serial));
    expect(line).toMatch(/\sdevice\s+product:vphone model:Touchstone_Virtual_Phone device:vphone/);
    expect((await adb.adb(['-s', dev.serial, 'get-state'])).stdout.trim()).toBe('device');
  });

  it.each([
    ['echo hello', 0, 'hello\n', ''],
    ['exit 3', 3, '', ''],
    ['ls /does/not/exist', 1, '', 'ls: /does/not/exist: No such file or directory\n'],
    ['nosuchtool --x', 127, '', '/system/bin/sh: nosuchtool: not found\n'],
    ['false || echo fallback', 0, 'fallback\n', ''],
    ['true && false', 1, '', ''],
    ["A='a b'; export B=\"$A!\"; echo \"$B\" | grep -c b", 0, '1\n', ''],
    ['echo one; echo two >&2; exit 5', 5, 'one\n', 'two\n'],
    ['getprop ro.build.version.sdk', 0, '31\n', ''],
    ['wm size', 0, 'Physical size: 1080x2400\n', ''],
  ])('adb shell %j: exit %i, stdout and stderr separate', async (cmd, code, stdout, stderr) => {
    const r = await sh(cmd);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code, stdout, stderr });
  });

  it('adb shell passes stdin through shell v2', async () => {
    const r = await adb.adb(['-s', dev.serial, 'shell', 'cat | wc -l'], { input: 'a\nb\nc\n' });
    expect(r.stdout.trim()).toBe('3');
  });

  it('adb shell without a command runs the lines piped to it', async () => {
    const r = await adb.adb(['-s', dev.serial, 'shell'], { input: 'echo one\nX=2; echo $X\nexit\n' });
    expect(r.stdout).toBe('one\n2\n');
    const noExit = await adb.adb(['-s', dev.serial, 'shell'], { input: 'echo last' });
    expect([noExit.stdout, noExit.code]).toEqual(['last\n', 0]);
  });

  it.skipIf(!haveScript)('adb shell in a terminal (pty) prompts, echoes and ends lines with CRLF (util-linux script absent → skipped)', async () => {
    const child = spawn('script', ['-qec', `${ADB} -s ${dev.serial} shell`, '/dev/null'], { env: adb.env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const waitFor = async (text: string): Promise<void> => { while (!out.includes(text)) await new Promise((r) => setTimeout(r, 20)); };
    await waitFor('vphone:/ $ ');
    child.stdin.write('echo hi there\r');
    await waitFor('hi there\r\nvphone:/ $ ');
    child.stdin.write('exit\r');
    await new Promise((r) => child.on('close', r));
    expect(out).toBe('vphone:/ $ echo hi there\r\nhi there\r\nvphone:/ $ exit\r\n');
  });

  it('adb exec-out streams 3 MiB (more than maxdata) intact, and adb ls / pull of a folder use LIST', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    dev.device.fs.mkdir('/sdcard/Movies', true);
    dev.device.fs.write('/sdcard/Movies/a.bin', data);
    dev.device.fs.write('/sdcard/Movies/b.txt', Buffer.from('hello'));
    expect((await adb.adbRaw(['-s', dev.serial, 'exec-out', 'cat /sdcard/Movies/a.bin'])).stdout.equals(data)).toBe(true);
    const ls = (await adb.adb(['-s', dev.serial, 'ls', '/sdcard/Movies'])).stdout.trim().split('\n').map((l) => l.split(' '));
    expect(ls.map((f) => f[3])).toEqual(['.', '..', 'a.bin', 'b.txt']);
    expect(parseInt(ls[2][1], 16)).toBe(data.length);
    expect((await adb.adb(['-s', dev.serial, 'pull', '/sdcard/Movies', join(tmp, 'movies')])).code).toBe(0);
    expect(readFileSync(join(tmp, 'movies', 'a.bin')).equals(data)).toBe(true);
    expect(readFileSync(join(tmp, 'movies', 'b.txt'), 'utf8')).toBe('hello');
  });

  it('serves two adb servers (host connections) at once', async () => {
    const other = await startAdbServer();
    try {
      await other.adb(['connect', dev.serial]);
      await other.waitFor(dev.serial);
      const [a, b] = await Promise.all([sh('echo from-first'), other.adb(['-s', dev.serial, 'shell', 'echo from-second'])]);
      expect([a.stdout, b.stdout]).toEqual(['from-first\n', 'from-second\n']);
    } finally {
      await other.stop();
    }
  });

  it('adb exec-out screencap -p returns a PNG of the screen size', async () => {
    const r = await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p']);
    expect(r.code).toBe(0);
    const f = join(tmp, 's.png');
    writeFileSync(f, r.stdout);
    expect(pngSize(f)).toEqual({ width: 1080, height: 2400 });
    expect(r.stdout.length).toBeGreaterThan(10_000);
    const raw = (await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap'])).stdout;
    expect([raw.readUInt32LE(0), raw.readUInt32LE(4), raw.readUInt32LE(8), raw.length]).toEqual([1080, 2400, 1, 16 + 1080 * 2400 * 4]);
  });

  it('adb push and pull of 3 MiB are byte-identical', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 123);
    const src = join(tmp, 'big.bin');
    const back = join(tmp, 'back.bin');
    writeFileSync(src, data);
    expect((await adb.adb(['-s', dev.serial, 'push', src, '/sdcard/Download/big.bin'])).code).toBe(0);
    expect((await sh('ls -l /sdcard/Download/big.bin')).stdout).toContain(String(data.length));
    expect((await adb.adb(['-s', dev.serial, 'pull', '/sdcard/Download/big.bin', back])).code).toBe(0);
    expect(readFileSync(back).equals(data)).toBe(true);
    const missing = await adb.adb(['-s', dev.serial, 'pull', '/sdcard/nope.bin', back]);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout + missing.stderr).toMatch(/remote object '\/sdcard\/nope.bin' does not exist|No such file or directory/);
  });

  it('adb shell uiautomator dump /dev/tty returns XML the foundation parser reads', async () => {
    const r = await sh('uiautomator dump /dev/tty');
    expect(r.stdout.endsWith('UI hierchary dumped to: /dev/tty\n')).toBe(true);
    const xml = r.stdout.slice(0, r.stdout.lastIndexOf('</hierarchy>') + '</hierarchy>'.length);
    const vh = parseUiautomatorXml(xml, 'tty');
    if (!vh.ok) throw new Error(vh.problems.map((p) => p.message).join('; '));
    const texts = vh.value.nodes.map((n) => n.text);
    expect(texts).toEqual(expect.arrayContaining(['Settings', 'Notes', 'Shop']));
    // the file form plus cat, as most agent harnesses do it
    const f = await sh('uiautomator dump && cat /sdcard/window_dump.xml');
    expect(f.stdout.startsWith('UI hierchary dumped to: /sdcard/window_dump.xml\n<?xml')).toBe(true);
  });

  it('dumpsys reports the foreground activity after am start', async () => {
    expect((await sh('am start -n com.android.settings/.Settings')).stdout).toContain('Starting: Intent { cmp=com.android.settings/.Settings }');
    expect((await sh('dumpsys window | grep mCurrentFocus')).stdout.trim()).toMatch(/^mCurrentFocus=Window\{\w+ u0 com\.android\.settings\/com\.android\.settings\.Settings\}$/);
    expect((await sh("dumpsys activity activities | grep -E 'mResumedActivity|ResumedActivity:'")).stdout).toContain('com.android.settings/.Settings');
    await sh('input keyevent KEYCODE_HOME');
  });
});

describe.skipIf(!haveAdb)('emulator-style serial and console (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb, serialStyle: 'emulator' });
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('shows up as emulator-NNNN and adb emu avd snapshot save/load restores the state', async () => {
    expect(dev.serial).toMatch(/^emulator-\d+$/);
    const s = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);
    expect((await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'save', 'clean'])).code).toBe(0);
    await s('settings put global wifi_on 0; pm uninstall com.touchstone.notes');
    expect((await s('pm list packages com.touchstone.notes')).stdout).toBe('');
    expect((await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'load', 'clean'])).code).toBe(0);
    expect((await s('pm list packages com.touchstone.notes')).stdout).toBe('package:com.touchstone.notes\n');
    expect((await s('settings get global wifi_on')).stdout).toBe('1\n');
    const missing = await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'load', 'nope']);
    expect(missing.stdout + missing.stderr).toContain("KO: snapshot 'nope' does not exist");
    expect(dev.instance.console!.received).toContain('avd snapshot load clean');
  });

  it('adb emu kill makes the emulator go away', async () => {
    const r = await adb.adb(['-s', dev.serial, 'emu', 'kill']);
    expect(r.stdout).toContain('OK: killing emulator, bye bye');
    while (dev.device.listening) await new Promise((res) => setTimeout(res, 20));
    expect((await adb.adb(['-s', dev.serial, 'shell', 'echo x'])).code).not.toBe(0);
  });
});
