import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { VhNode } from '../../../../shared/model';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import { startAdbServer, startVirtualDevice, HAVE_ADB, type AdbServer, type StartedDevice } from '../../testing';


describe.skipIf(!HAVE_ADB)('demo apps driven through the real adb only (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  const sh = async (cmd: string): Promise<string> => {
    const r = await adb.adb(['-s', dev.serial, 'shell', cmd]);
    if (r.code !== 0) throw new Error(`adb shell ${cmd} -> ${r.code}: ${r.stderr}`);
    return r.stdout;
  };
  const screen = async (): Promise<Buffer> => (await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout;
  const nodes = async (): Promise<VhNode[]> => {
    const out = await sh('uiautomator dump /dev/tty');
    const vh = parseUiautomatorXml(out.slice(0, out.lastIndexOf('</hierarchy>') + 12), 'tty');
    if (!vh.ok) throw new Error(vh.problems[0].message);
    return vh.value.nodes;
  };
  const find = async (pred: (n: VhNode) => boolean, what: string): Promise<VhNode> => {
    const all = await nodes();
    const n = all.find(pred);
    if (!n) throw new Error(`no node ${what} on screen; texts: ${all.map((x) => x.text || x.contentDesc).filter(Boolean).join(' | ')}`);
    return n;
  };
  const tap = async (pred: (n: VhNode) => boolean, what: string): Promise<void> => {
    const b = (await find(pred, what)).bounds!;
    await sh(`input tap ${Math.round((b.x1 + b.x2) / 2)} ${Math.round((b.y1 + b.y2) / 2)}`);
  };
  const activity = async (): Promise<string> => /mCurrentFocus=Window\{\S+ u0 (\S+)\}/.exec(await sh('dumpsys window windows'))?.[1] ?? '';

  beforeAll(async () => {
    adb = await startAdbServer();
    // a frozen clock keeps unchanged screens byte-identical across a minute boundary
    dev = await startVirtualDevice({ world: 'demo', adb, clock: () => new Date('2026-03-02T09:41:00Z') });
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('writes a note: launch, tap an icon-only button, type, go back', async () => {
    const home = await screen();
    expect((await screen()).equals(home)).toBe(true); // unchanged screen, identical bytes
    await sh('monkey -p com.touchstone.notes -c android.intent.category.LAUNCHER 1');
    expect(await activity()).toBe('com.touchstone.notes/com.touchstone.notes.NotesActivity');
    const list = await screen();
    expect(list.equals(home)).toBe(false);
    await tap((n) => n.contentDesc === 'New note' && n.text === '', 'FAB "New note"');
    expect(await activity()).toBe('com.touchstone.notes/com.touchstone.notes.EditNoteActivity');
    const title = await find((n) => n.resourceId === 'com.touchstone.notes:id/note_title', 'title field');
    expect(title.focused).toBe(true);
    await sh("input text 'Buy%smilk'");
    await tap((n) => n.resourceId === 'com.touchstone.notes:id/note_body', 'body field');
    await sh('input text 2%sliters && input keyevent 67 && input text s');
    const body = await find((n) => n.resourceId === 'com.touchstone.notes:id/note_body', 'body field');
    expect([body.text, body.focused]).toEqual(['2 liters', true]);
    const editing = await screen();
    await sh('input keyevent KEYCODE_BACK');
    expect(await activity()).toBe('com.touchstone.notes/com.touchstone.notes.NotesActivity');
    const titles = (await nodes()).filter((n) => n.resourceId === 'android:id/title').map((n) => n.text);
    expect(titles).toEqual(['Buy milk', 'Groceries']);
    const after = await screen();
    expect(after.equals(list) || after.equals(editing)).toBe(false);
  });

  it('toggles Wi-Fi in Settings and the setting follows', async () => {
    await sh('input keyevent HOME');
    await tap((n) => n.text === 'Settings' && n.clickable, 'launcher icon Settings');
    await tap((n) => n.text === 'Network & internet', 'Network & internet');
    const sw = () => find((n) => n.className === 'android.widget.Switch', 'Wi-Fi switch');
    expect((await sw()).checked).toBe(true);
    const before = await screen();
    await tap((n) => n.text === 'Wi‑Fi', 'Wi-Fi row');
    expect((await sw()).checked).toBe(false);
    expect(await sh('settings get global wifi_on')).toBe('0\n');
    expect((await screen()).equals(before)).toBe(false);
    await tap((n) => n.contentDesc === 'Navigate up', 'up button');
    expect((await find((n) => n.text === 'Network & internet', 'main list')).parent).not.toBeNull();
  });

  it('adds to the cart; the icon-only cart button names the count', async () => {
    await sh('am start -n com.touchstone.shop/.MainActivity');
    await tap((n) => n.resourceId === 'com.touchstone.shop:id/add_coffee', 'Add coffee');
    await tap((n) => n.resourceId === 'com.touchstone.shop:id/add_coffee', 'Add coffee');
    await tap((n) => n.contentDesc === 'Cart, 2 items', 'cart button');
    expect((await nodes()).some((n) => n.text === '2 × $21.00')).toBe(true);
    await tap((n) => n.text === 'Checkout', 'Checkout');
    expect((await find((n) => n.resourceId === 'com.touchstone.shop:id/order_number', 'order')).text).toBe('Order #1001 is on its way.');
  });

  it('types Unicode through ADBKeyBoard once it is the selected IME (input text cannot)', async () => {
    const IME = 'com.android.adbkeyboard/.AdbIME';
    await sh('am start -n com.touchstone.notes/.NotesActivity');
    await tap((n) => n.contentDesc === 'New note', 'FAB "New note"');
    const title = async (): Promise<string> => (await find((n) => n.resourceId === 'com.touchstone.notes:id/note_title', 'title')).text;
    expect((await adb.adb(['-s', dev.serial, 'shell', 'input text Grüße'])).code).toBe(255);
    // not the selected IME yet: the broadcast is delivered and nothing is typed, as on a phone
    expect(await sh("am broadcast -a ADB_INPUT_TEXT --es msg 'Grüße 你好'")).toBe('Broadcasting: Intent { act=ADB_INPUT_TEXT flg=0x400000 (has extras) }\nBroadcast completed: result=0\n');
    expect(await title()).toBe('Title');
    expect(await sh(`ime enable ${IME}`)).toBe(`Input method ${IME}: now enabled for user #0\n`);
    expect(await sh(`ime set ${IME}`)).toBe(`Input method ${IME} selected for user #0\n`);
    expect(await sh('ime list -s')).toContain(`${IME}\n`);
    await sh("am broadcast -a ADB_INPUT_TEXT --es msg 'Grüße 你好'");
    await sh(`am broadcast -a ADB_INPUT_B64 --es msg ${Buffer.from(' ✓✓').toString('base64')}`);
    await sh('am broadcast -a ADB_INPUT_CODE --ei code 67');
    expect(await title()).toBe('Grüße 你好 ✓');
    const typed = await screen();
    await sh("am broadcast -a ADB_INPUT_CHARS --eia chars '128568,33'");
    expect(await title()).toBe('Grüße 你好 ✓😸!');
    expect((await screen()).equals(typed)).toBe(false);
    await sh('ime set com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME && input keyevent BACK');
  });

  it('installs an app from the store and uninstalls it with pm', async () => {
    expect(await sh('pm list packages -3 weather')).toBe('');
    await sh('monkey -p com.touchstone.store 1');
    await tap((n) => n.resourceId === 'com.touchstone.store:id/install_weather', 'Install Weather');
    expect(await sh('pm list packages -3 weather')).toBe('package:com.touchstone.weather\n');
    await sh('input keyevent 3');
    expect((await nodes()).some((n) => n.text === 'Weather' && n.clickable)).toBe(true);
    expect(await sh('pm uninstall com.touchstone.weather')).toBe('Success\n');
    expect((await nodes()).some((n) => n.text === 'Weather')).toBe(false);
  });
});

describe('demo world in process: dynamic content and state', () => {
  it('the clock changes the screen each minute; the same minute gives the same screen', async () => {
    const { DemoWorld } = await import('./demo-world');
    const w = new DemoWorld();
    const t1 = new Date('2026-03-02T09:41:05Z');
    const t1b = new Date('2026-03-02T09:41:55Z');
    const t2 = new Date('2026-03-02T09:42:00Z');
    w.launch('com.touchstone.clock', t1);
    expect(w.screen(t1).key).toBe(w.screen(t1b).key);
    expect(w.screen(t2).key).not.toBe(w.screen(t1).key);
    expect(w.screen(t1).xml()).toContain('text="09:41" resource-id="com.touchstone.clock:id/clock_time"');
    expect(w.screen(t2).xml()).toContain('text="09:42" resource-id="com.touchstone.clock:id/clock_time"');
    const [a, b] = await Promise.all([w.screen(t1).png(), w.screen(t2).png()]);
    expect(a.equals(b)).toBe(false);
  });

  it('snapshot/restore and pm clear bring state back', async () => {
    const { DemoWorld } = await import('./demo-world');
    const w = new DemoWorld();
    const now = new Date('2026-03-02T09:41:00Z');
    w.launch('com.touchstone.clock', now);
    const snap = w.snapshot();
    const plus = /content-desc="Increase"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(w.screen(now).xml())!.slice(1).map(Number);
    for (let i = 0; i < 3; i++) w.input({ kind: 'tap', x: (plus[0] + plus[2]) / 2, y: (plus[1] + plus[3]) / 2 }, now);
    expect(w.screen(now).xml()).toContain('text="3" resource-id="com.touchstone.clock:id/counter_value"');
    w.restore(snap);
    expect(w.screen(now).xml()).toContain('text="0" resource-id="com.touchstone.clock:id/counter_value"');
    w.input({ kind: 'tap', x: (plus[0] + plus[2]) / 2, y: (plus[1] + plus[3]) / 2 }, now);
    expect(w.clear('com.touchstone.clock')).toBe(true);
    expect(w.screen(now).activity).toBe('com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity');
    w.launch('com.touchstone.clock', now);
    expect(w.screen(now).xml()).toContain('text="0" resource-id="com.touchstone.clock:id/counter_value"');
  });
});

describe('demo world in process: scrolling', () => {
  it('a vertical swipe scrolls the shop list; hidden rows leave the hierarchy', async () => {
    const { DemoWorld } = await import('./demo-world');
    const w = new DemoWorld();
    const now = new Date('2026-03-02T09:41:00Z');
    w.launch('com.touchstone.shop', now);
    const top = w.screen(now).xml();
    expect(top).toContain('class="androidx.recyclerview.widget.RecyclerView"');
    expect(top).toContain('text="Wireless Headphones"');
    expect(top).not.toContain('text="Smart Bulb"');
    w.input({ kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 600, durationMs: 300 }, now);
    w.input({ kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 600, durationMs: 300 }, now);
    const scrolled = w.screen(now).xml();
    expect(scrolled).toContain('text="Smart Bulb"');
    expect(scrolled).not.toContain('text="Wireless Headphones"');
    // the app bar stays; tapping a row found in the scrolled hierarchy opens it
    expect(scrolled).toContain('content-desc="Cart, 0 items"');
    const row = /text="Smart Bulb"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(scrolled)!.slice(1).map(Number);
    w.input({ kind: 'tap', x: (row[0] + row[2]) / 2, y: (row[1] + row[3]) / 2 }, now);
    expect(w.screen(now).activity).toBe('com.touchstone.shop/com.touchstone.shop.ProductActivity');
    w.input({ kind: 'key', code: 4 }, now);
    w.input({ kind: 'swipe', x1: 540, y1: 600, x2: 540, y2: 2000, durationMs: 300 }, now);
    w.input({ kind: 'swipe', x1: 540, y1: 600, x2: 540, y2: 2000, durationMs: 300 }, now);
    expect(w.screen(now).xml()).toBe(top);
  });
});
