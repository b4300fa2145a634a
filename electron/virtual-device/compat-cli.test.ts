import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, connect as netConnect, type Server } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { freePort, startAdbServer, startVirtualDevice, HAVE_ADB, type AdbServer, type StartedDevice } from './testing';

/** PNG width and height from the IHDR of screencap bytes. */
const pngDims = (b: Buffer): [number, number] => [b.readUInt32BE(16), b.readUInt32BE(20)];

describe.skipIf(!HAVE_ADB)('issue 18: what agent frameworks call, through the real adb CLI (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  const sh = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);

  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb });
  });
  afterAll(async () => {
    await dev?.stop();
    await adb?.stop();
  });

  it('adb logcat -d / -c / -v time / -s TAG (adb wraps it as `exec logcat`)', async () => {
    await sh('am start -n com.touchstone.notes/.NotesActivity');
    dev.device.log('W', 'Touchstone', 'marker one');
    const all = await adb.adb(['-s', dev.serial, 'logcat', '-d']);
    expect(all.code).toBe(0);
    expect(all.stderr).not.toMatch(/not found/);
    // threadtime: "MM-DD HH:MM:SS.mmm  PID  TID P TAG     : message"
    expect(all.stdout).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+\d+\s+\d+ I ActivityTaskManager: START u0 \{flg=0x10000000 cmp=com\.touchstone\.notes\/\.NotesActivity\}/m);
    const timeFmt = await adb.adb(['-s', dev.serial, 'logcat', '-d', '-v', 'time', '-s', 'Touchstone']);
    expect(timeFmt.stdout.split('\n').filter((l) => l && !l.startsWith('-----'))).toEqual([expect.stringMatching(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} W\/Touchstone\(\s*\d+\): marker one$/)]);
    expect((await adb.adb(['-s', dev.serial, 'logcat', '-b', 'all', '-c'])).code).toBe(0);
    const after = await adb.adb(['-s', dev.serial, 'logcat', '-d']);
    expect(after.stdout).not.toContain('marker one');
  });

  it('adb logcat without -d follows the log until the client goes away', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn('adb', ['-s', dev.serial, 'logcat', '-v', 'epoch', 'Follow:I', '*:S'], { env: adb.env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    await new Promise((r) => setTimeout(r, 300));
    dev.device.log('I', 'Follow', 'live line');
    const until = Date.now() + 5000;
    while (!out.includes('live line') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    child.kill();
    // android_env's logcat thread pattern: spaces, epoch seconds.millis, pid, tid, priority, tag, message
    expect(out).toMatch(/^ +\d+\.\d+ +\d+ +\d+ I Follow\s*: live line$/m);
  });

  it('am stack list and mResumedActivity name the app in front', async () => {
    await sh('am start -n com.touchstone.notes/.NotesActivity');
    const stack = (await sh('am stack list')).stdout;
    expect(stack).toMatch(/^ +taskId=\d+: com\.touchstone\.notes\/com\.touchstone\.notes\.NotesActivity bounds=\[0,0\]\[1080,2400\] userId=0 visible=true topActivity=ComponentInfo\{com\.touchstone\.notes\/com\.touchstone\.notes\.NotesActivity\}$/m);
    const visible = (await adb.adb(['-s', dev.serial, 'shell', 'am', 'stack', 'list', '|', 'grep', '-E', 'visible=true'])).stdout;
    expect(visible.trim().split('\n')).toHaveLength(1);
    expect((await sh('dumpsys activity activities | grep mResumedActivity')).stdout).toMatch(/^ +mResumedActivity: ActivityRecord\{\w+ u0 com\.touchstone\.notes\/\.NotesActivity\} t\d+\}$/m);
  });

  it('geometry and rotation are one state: settings user_rotation, wm size, dumpsys display/input/window, dump bounds, screenshot', async () => {
    const base = (await sh('dumpsys display | grep mBaseDisplayInfo')).stdout;
    expect(base).toMatch(/mBaseDisplayInfo=DisplayInfo\{"Built-in Screen", displayId 0,.* real 1080 x 2400,.* rotation 0,/);
    expect((await sh('dumpsys input')).stdout).toMatch(/^\s+SurfaceOrientation: 0$/m);
    expect((await sh('dumpsys power')).stdout).toContain('mHoldingDisplaySuspendBlocker=true');
    expect((await sh('settings put system user_rotation 1')).code).toBe(0);
    const input = (await sh('dumpsys input')).stdout;
    expect(input).toMatch(/^\s+SurfaceOrientation: 1$/m);
    expect(input).toMatch(/logicalFrame=\[0, 0, 2400, 1080\]/);
    expect((await sh('dumpsys window | grep mCurrentRotation')).stdout).toMatch(/mCurrentRotation=ROTATION_90/);
    expect((await sh('dumpsys display')).stdout).toMatch(/orientation=1, .*deviceWidth=2400, deviceHeight=1080/);
    expect((await sh('wm size')).stdout).toBe('Physical size: 1080x2400\n');
    const shot = (await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout;
    expect(pngDims(shot)).toEqual([2400, 1080]);
    const xml = (await sh('uiautomator dump /dev/tty')).stdout.replace(/UI hierchary dumped to.*\n?$/, '');
    expect(xml).toMatch(/<hierarchy rotation="1">/);
    const vh = parseUiautomatorXml(xml, 'dump.xml');
    if (!vh.ok) throw new Error('dump did not parse');
    const maxX = Math.max(...vh.value.nodes.map((n) => n.bounds?.x2 ?? 0));
    const maxY = Math.max(...vh.value.nodes.map((n) => n.bounds?.y2 ?? 0));
    expect([maxX, maxY]).toEqual([2400, 1080]);
    // content insert for rotation (AndroidWorld's way), then wm size override: all reports follow
    await sh('content insert --uri content://settings/system --bind name:s:user_rotation --bind value:i:0');
    await sh('wm size 720x1600');
    expect((await sh('wm size')).stdout).toBe('Physical size: 1080x2400\nOverride size: 720x1600\n');
    expect(pngDims((await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout)).toEqual([720, 1600]);
    expect((await sh('dumpsys input')).stdout).toMatch(/logicalFrame=\[0, 0, 720, 1600\]/);
    await sh('wm size reset');
    expect(pngDims((await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout)).toEqual([1080, 2400]);
  });

  it('wm size WxH (another aspect) on a turned display: wm size, screenshot, dump bounds, dumpsys display/input/window and taps agree', async () => {
    await sh('am start -n com.touchstone.notes/.NotesActivity');
    expect((await sh('wm size 720x1280')).code).toBe(0);
    expect((await sh('settings put system user_rotation 1')).code).toBe(0);
    const wmSize = (await sh('wm size')).stdout;
    expect(wmSize).toBe('Physical size: 1080x2400\nOverride size: 720x1280\n');
    // adbutils' window_size(): Override before Physical, swapped when rotation() is odd
    const [ow, oh] = /Override size: (\d+)x(\d+)/.exec(wmSize)!.slice(1).map(Number);
    const rot = Number(/orientation=(\d)/.exec((await sh('dumpsys display')).stdout)![1]);
    expect(rot).toBe(1);
    const expected = rot % 2 ? [oh, ow] : [ow, oh];
    expect(expected).toEqual([1280, 720]);
    expect(pngDims((await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout)).toEqual(expected);
    const xml = (await sh('uiautomator dump /dev/tty')).stdout.replace(/UI hierchary dumped to.*\n?$/, '');
    expect(xml).toMatch(/<hierarchy rotation="1">/);
    const vh = parseUiautomatorXml(xml, 'dump.xml');
    if (!vh.ok) throw new Error('dump did not parse');
    expect([Math.max(...vh.value.nodes.map((n) => n.bounds?.x2 ?? 0)), Math.max(...vh.value.nodes.map((n) => n.bounds?.y2 ?? 0))]).toEqual(expected);
    // the panel stays 1080x2400 (DisplayDeviceInfo, mBaseDisplayInfo); the logical display is the override, turned;
    // on the turned panel (2400x1080) the 1280x720 surface is scaled to 1920x1080 and centred (LogicalDisplay's letterbox)
    const display = (await sh('dumpsys display')).stdout;
    expect(display).toMatch(/mBaseDisplayInfo=DisplayInfo\{"Built-in Screen", displayId 0,.* real 1080 x 2400,.* rotation 0,/);
    expect(display).toMatch(/mOverrideDisplayInfo=DisplayInfo\{"Built-in Screen", displayId 0,.* real 1280 x 720,.* rotation 1,.* app 1280 x 720,/);
    expect(display).toContain('orientation=1, logicalFrame=Rect(0, 0 - 1280, 720), physicalFrame=Rect(240, 0 - 2160, 1080), deviceWidth=2400, deviceHeight=1080}');
    expect(display).toMatch(/DisplayDeviceInfo\{"Built-in Screen": uniqueId="[^"]+", 1080 x 2400,/);
    const input = (await sh('dumpsys input')).stdout;
    expect(input).toMatch(/^\s+SurfaceOrientation: 1$/m);
    expect(input).toContain('logicalFrame=[0, 0, 1280, 720], physicalFrame=[240, 0, 2160, 1080], deviceSize=[2400, 1080]');
    expect((await sh('dumpsys window displays | grep init=')).stdout).toMatch(/^ +init=1080x2400 \d+dpi base=720x1280 \d+dpi mMinSizeOfResizeableTaskDp=220 cur=1280x720 app=1280x720 /m);
    // a tap at a control's centre in these coordinates reaches that control
    const fab = /resource-id="com\.touchstone\.notes:id\/fab_add"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    expect(fab).not.toBeNull();
    const [x1, y1, x2, y2] = fab!.slice(1).map(Number);
    expect(x2).toBeLessThanOrEqual(1280);
    await sh(`input tap ${(x1 + x2) >> 1} ${(y1 + y2) >> 1}`);
    expect((await sh('dumpsys window | grep mCurrentFocus')).stdout).toContain('com.touchstone.notes/com.touchstone.notes.EditNoteActivity');
    await sh('input keyevent BACK; wm size reset; settings put system user_rotation 0');
    expect((await sh('wm size')).stdout).toBe('Physical size: 1080x2400\n');
    expect(pngDims((await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout)).toEqual([1080, 2400]);
    expect((await sh('dumpsys window displays | grep init=')).stdout).not.toContain('base=');
  });

  it('a tap on the turned display lands on the same control as in portrait', async () => {
    await sh('am start -n com.touchstone.notes/.NotesActivity');
    const xml = (await sh('settings put system user_rotation 3; uiautomator dump /dev/tty')).stdout;
    const fab = /resource-id="com\.touchstone\.notes:id\/fab_add"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    expect(fab).not.toBeNull();
    const [x1, y1, x2, y2] = fab!.slice(1).map(Number);
    await sh(`input tap ${(x1 + x2) >> 1} ${(y1 + y2) >> 1}`);
    expect((await sh('dumpsys window | grep mCurrentFocus')).stdout).toContain('com.touchstone.notes/com.touchstone.notes.EditNoteActivity');
    await sh('settings put system user_rotation 0; input keyevent BACK');
  });

  it('adb reverse carries bytes both ways; tcpip answers as a device in TCP mode', async () => {
    const hostPort = await freePort();
    const deviceSide = await freePort();
    const server: Server = createServer((s) => s.on('data', (d) => s.write(Buffer.concat([Buffer.from('echo:'), d]))));
    await new Promise<void>((r) => server.listen(hostPort, '127.0.0.1', () => r()));
    try {
      const r = await adb.adb(['-s', dev.serial, 'reverse', `tcp:${deviceSide}`, `tcp:${hostPort}`]);
      expect(r.code, r.stderr).toBe(0);
      expect((await adb.adb(['-s', dev.serial, 'reverse', '--list'])).stdout).toContain(`tcp:${deviceSide} tcp:${hostPort}`);
      const reply = await new Promise<string>((resolve, reject) => {
        const c = netConnect(deviceSide, '127.0.0.1', () => c.write('ping'));
        c.on('data', (d) => { resolve(d.toString()); c.end(); });
        c.on('error', reject);
      });
      expect(reply).toBe('echo:ping');
      expect((await adb.adb(['-s', dev.serial, 'reverse', '--remove-all'])).code).toBe(0);
      expect((await adb.adb(['-s', dev.serial, 'reverse', '--list'])).stdout.trim()).toBe('');
    } finally {
      server.close();
    }
    const t = await adb.adb(['-s', dev.serial, 'tcpip', '5555']);
    expect(t.stdout).toBe('restarting in TCP mode port: 5555\n');
    expect((await adb.adb(['-s', dev.serial, 'get-state'])).stdout.trim()).toBe('device');
  });

  it('settings list, svc, ifconfig / ip addr, /proc files, head -c, VIEW intents', async () => {
    const secure = (await sh('settings list secure')).stdout.trim().split('\n');
    expect(secure.length).toBeGreaterThan(15);
    expect(secure.every((l) => l.includes('='))).toBe(true);
    expect(secure).toContain('zen_duration=0');
    expect((await sh('ifconfig wlan0')).stdout).toMatch(/inet addr:10\.0\.2\.16\s/);
    expect((await sh('ip addr show dev wlan0')).stdout).toMatch(/inet 10\.0\.2\.16\/24 /);
    await sh('svc wifi disable');
    expect((await sh('settings get global wifi_on')).stdout).toBe('0\n');
    expect((await sh('ip addr show dev wlan0')).stdout).not.toMatch(/inet /);
    await sh('svc wifi enable');
    expect((await sh('cat /proc/version')).stdout).toMatch(/^Linux version 5\.10\.\d+/);
    expect((await sh('head -n 1 /proc/stat')).stdout).toMatch(/^cpu  ?\d+ \d+ \d+ \d+/);
    const head = await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p | head -c 8']);
    expect(head.stdout).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const view = await sh('am start -a android.intent.action.VIEW -d https://example.com/a');
    expect(view.stderr).toBe('');
    expect((await sh('dumpsys window | grep mCurrentFocus')).stdout).toContain('com.android.chrome/com.google.android.apps.chrome.Main');
    expect((await sh('uiautomator dump /dev/tty')).stdout).toContain('text="https://example.com/a"');
  });

  it('adb push past the storage quota fails with a clear error, in bounded memory', async () => {
    const small = await startVirtualDevice({ world: 'demo', adb, storageBytes: 2 * 1024 * 1024 });
    const tmp = mkdtempSync(join(tmpdir(), 'vd-quota-'));
    try {
      writeFileSync(join(tmp, 'big.bin'), Buffer.alloc(3 * 1024 * 1024, 7));
      const r = await adb.adb(['-s', small.serial, 'push', join(tmp, 'big.bin'), '/data/local/tmp/big.bin']);
      expect(r.code).not.toBe(0);
      // adb 1.0.41 prints its push errors on stdout
      expect(r.stdout + r.stderr).toMatch(/remote couldn't create file: No space left on device \(virtual device storage: .* MiB used, 3\.0 MiB more asked; delete files or start the device with a larger --storage\)/);
      expect(small.device.fs.usedBytes()).toBeLessThan(64 * 1024);
      expect((await adb.adb(['-s', small.serial, 'shell', 'echo ok'])).stdout).toBe('ok\n');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      await small.stop();
    }
  });
});
