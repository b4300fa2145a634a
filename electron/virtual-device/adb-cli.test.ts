import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { connect as netConnect } from 'node:net';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { startAdbServer, startVirtualDevice, ADB, HAVE_ADB, type AdbServer, type StartedDevice } from './testing';
import { pngSize } from './world/replay/load-recording';

const haveScript = ((): boolean => { try { execFileSync('script', ['--version']); return true; } catch { return false; } })();

describe.skipIf(!HAVE_ADB)('the real adb drives the virtual device (adb not installed → skipped)', () => {
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

  it('adb shell runs the text tools, loop jumps and package queries agent harnesses use', async () => {
    const r = await sh("pidof sh; for i in 1 2 3; do [ $i = 2 ] && continue; echo a:b$i | tr a-z A-Z | cut -d: -f2 | sed 's/B/bee/g'; done");
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '5218\nbee1\nbee3\n', '']);
    const v = await sh('dumpsys package com.touchstone.notes | grep versionName');
    expect([v.code, v.stdout, v.stderr]).toEqual([0, '    versionName=1.0\n', '']);
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

/** One console session: sends a line, returns what the console answered up to its OK/KO line. */
async function consoleSession(port: number): Promise<{ greeting: string; send(line: string): Promise<string>; close(): void }> {
  const sock = netConnect(port, '127.0.0.1');
  let buf = '';
  const waiters: (() => void)[] = [];
  sock.on('data', (d: Buffer) => { buf += d.toString('utf8'); for (const w of waiters.splice(0)) w(); });
  const reply = async (): Promise<string> => {
    for (;;) {
      const m = /^(?:OK|KO:[^\r]*)\r\n/m.exec(buf);
      if (m) { const text = buf.slice(0, m.index + m[0].length); buf = buf.slice(text.length); return text; }
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const greeting = await reply();
  return { greeting, send: async (line) => { sock.write(`${line}\n`); return reply(); }, close: () => sock.destroy() };
}

describe.skipIf(!HAVE_ADB)('emulator-style serial and console (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb, serialStyle: 'emulator' });
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('a device listening on an emulator port (5555-5585) before the adb server starts shows up as emulator-NNNN', async () => {
    const early = await startVirtualDevice({ world: 'demo', serialStyle: 'emulator', scanRange: true });
    let late: AdbServer | undefined;
    try {
      expect(early.serial).toBe(`emulator-${early.port - 1}`);
      expect(early.port, 'a free port pair in 5554..5585 (the emulator range)').toBeLessThanOrEqual(5585);
      late = await startAdbServer(); // scans 5555..5585 once, at start
      await late.waitFor(early.serial);
      expect((await late.adb(['-s', early.serial, 'shell', 'getprop ro.kernel.qemu'])).stdout).toBe('1\n');
    } finally {
      await early.stop(); // leave the shared emulator port range quickly
      await late?.stop();
    }
  });

  it('registered with host:emulator it shows up as emulator-NNNN; adb emu avd snapshot save/load restores the state', async () => {
    expect(dev.serial).toMatch(/^emulator-\d+$/);
    expect((await adb.adb(['devices'])).stdout).toContain(`${dev.serial}\tdevice`);
    const s = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);
    expect((await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'save', 'clean'])).code).toBe(0);
    await s('settings put global wifi_on 0; pm uninstall com.touchstone.notes');
    expect((await s('pm list packages com.touchstone.notes')).stdout).toBe('');
    expect((await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'list'])).stdout).toMatch(/^List of snapshots present on all disks:\r\nID +TAG[^\n]*\n1 +clean /);
    expect((await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'load', 'clean'])).stdout).toBe('OK\r\n');
    expect((await s('pm list packages com.touchstone.notes')).stdout).toBe('package:com.touchstone.notes\n');
    expect((await s('settings get global wifi_on')).stdout).toBe('1\n');
    const missing = await adb.adb(['-s', dev.serial, 'emu', 'avd', 'snapshot', 'load', 'nope']);
    expect(missing.stdout + missing.stderr).toContain("KO: snapshot 'nope' does not exist");
    expect(dev.instance.console!.received).toContain('avd snapshot load clean');
  });

  it('the console wants the token of ~/.emulator_console_auth_token, which adb emu sends from its HOME', async () => {
    const tokenFile = join(adb.home, '.emulator_console_auth_token');
    const token = readFileSync(tokenFile, 'utf8');
    expect(token).toMatch(/^[A-Za-z0-9+/=]{12,}$/); // created by the device, as the emulator does
    expect((await adb.adb(['-s', dev.serial, 'emu', 'avd', 'name'])).stdout).toBe('Touchstone_API_31\r\nOK\r\n');
    expect(dev.instance.console!.received).toContain(`auth ${token}`);
    const c = await consoleSession(dev.instance.consolePort!);
    try {
      expect(c.greeting).toBe(`Android Console: Authentication required\r\nAndroid Console: type 'auth <auth_token>' to authenticate\r\nAndroid Console: you can find your <auth_token> in \r\n'${tokenFile}'\r\nOK\r\n`);
      expect(await c.send('avd snapshot list')).toBe("KO: unknown command, try 'help'\r\n");
      expect(await c.send('auth not-the-token')).toBe(`KO: authentication token does not match ${tokenFile}\r\n`);
      expect(await c.send(`auth ${token}`)).toBe("Android Console: type 'help' for a list of commands\r\nOK\r\n");
      expect(await c.send('avd name')).toBe('Touchstone_API_31\r\nOK\r\n');
    } finally {
      c.close();
    }
  });

  it('adb emu kill makes the emulator go away', async () => {
    const r = await adb.adb(['-s', dev.serial, 'emu', 'kill']);
    expect(r.stdout).toContain('OK: killing emulator, bye bye');
    while (dev.device.listening) await new Promise((res) => setTimeout(res, 20));
    expect((await adb.adb(['-s', dev.serial, 'shell', 'echo x'])).code).not.toBe(0);
  });
});
