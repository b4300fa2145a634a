import { describe, it, expect } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { parseActionRequest } from './agent-action';
import { describeElements, screenElements, type ScreenElement } from './screen-view';
import { actionFromReply } from './llm/llm-agent';
import { llmSettings } from './llm/llm-settings';
import { redactSettings, settingsFor } from './agent-settings';
import { drawMarks } from './llm/set-of-marks';

const SCREEN = { width: 1080, height: 2400 };
const XML = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]" visible-to-user="true">
<node index="0" text="Save" resource-id="p:id/save" class="android.widget.Button" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[100,200][300,300]" visible-to-user="true" />
<node index="1" text="" resource-id="p:id/wifi" class="android.widget.Switch" package="p" content-desc="Wi-Fi" checkable="true" checked="true" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[800,400][1000,500]" visible-to-user="true" />
</node></hierarchy>`;

describe('numbered screen and action requests', () => {
  const els = screenElements(XML);

  it('numbers the kept components with their centres, as one line each', () => {
    expect(els.map((e) => [e.n, e.cls, e.text, e.desc, e.id])).toEqual([[0, 'Button', 'Save', '', 'save'], [1, 'Switch', '', 'Wi-Fi', 'wifi']]);
    expect(describeElements(els).split('\n')).toEqual(['[0] Button "Save" id=save clickable (200,250)', '[1] Switch desc="Wi-Fi" id=wifi on clickable (900,450)']);
  });

  it('turns requests into device actions, by element number or coordinates', () => {
    expect(parseActionRequest({ action: 'tap', element: 1 }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'tap', x: 900, y: 450 } });
    expect(parseActionRequest({ action: 'long-press', x: '10', y: 20 }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'long-press', x: 10, y: 20 } });
    expect(parseActionRequest({ action: 'swipe', direction: 'up' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'swipe', x1: 540, y1: 1200, x2: 540, y2: 480, durationMs: 300 } });
    expect(parseActionRequest({ action: 'type', text: 'hi' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'type', text: 'hi' } });
    expect(parseActionRequest({ action: 'launch', package: 'com.android.settings' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'launch', pkg: 'com.android.settings' } });
    // API actions (Mobile-Bench): one whitelisted adb command; anything else is refused with the reason.
    expect(parseActionRequest({ action: 'api', command: 'am start -a android.intent.action.VIEW -d "https://example.com/a b"' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'api', command: "adb shell am start -a android.intent.action.VIEW -d 'https://example.com/a b'" } });
    expect(parseActionRequest({ action: 'api', command: 'reboot' }, els, SCREEN)).toEqual({ ok: false, error: expect.stringMatching(/^API action refused: `reboot` is not an allowed command/) });
    expect(parseActionRequest({ action: 'api' }, els, SCREEN)).toEqual({ ok: false, error: expect.stringMatching(/"command" must be a non-empty string/) });
    expect(parseActionRequest({ action: 'complete' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'complete' } });
    // An AitW action string instead: the tap carries the line LlamaTouch records for it.
    expect(parseActionRequest({ aitw: 'action_type: dual_point, touch_point: [0.25, 0.5], lift_point: [0.26, 0.5], typed_text:' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'tap', x: 270, y: 1200, line: { kind: 'click', at: { x: 0.25, y: 0.5 }, screen: SCREEN } } });
  });

  it('says what is wrong with a bad request', () => {
    const err = (r: unknown): string => { const p = parseActionRequest(r, els, SCREEN); return p.ok ? 'ok' : p.error; };
    expect(err({ action: 'tap', element: 7 })).toBe('There is no element [7] on this screen; the numbers go from 0 to 1.');
    expect(err({ action: 'tap', x: 5000, y: 1 })).toMatch(/outside the 1080x2400 screen/);
    expect(err({ action: 'tap' })).toMatch(/needs "element".*or "x" and "y"/);
    expect(err({ action: 'fly' })).toMatch(/Unknown action "fly"; use one of tap, long_press/);
    expect(err({ action: 'type' })).toMatch(/type needs "text"/);
    expect(err({ action: 'launch', package: 'rm -rf' })).toMatch(/package name/);
    expect(err([1])).toMatch(/must be an object/);
    expect(err({ aitw: 3 })).toMatch(/"aitw" must be an AITW action string/);
    expect(err({ action: 'tap', aitw: 'action_type: PRESS_BACK' })).toBe('Give either "action" (with its arguments) or "aitw", not both.');
    expect(err({ aitw: 'action_type: FLY' })).toMatch(/unknown action_type "FLY"/);
  });

  it('reads the action from a tool call, or from JSON in the reply text; says why otherwise', () => {
    const call = (name: string, args: string) => ({ role: 'assistant' as const, content: null, refusal: null, tool_calls: [{ id: 'c', type: 'function' as const, function: { name, arguments: args } }] });
    expect(actionFromReply(call('tap', '{"element": 0}'), els, SCREEN)).toEqual({ ok: true, action: { kind: 'tap', x: 200, y: 250 } });
    expect(actionFromReply(call('back', ''), els, SCREEN)).toEqual({ ok: true, action: { kind: 'back' } });
    expect(actionFromReply(call('tap', '{"element": 0'), els, SCREEN)).toMatchObject({ ok: false, error: expect.stringMatching(/not JSON/) });
    expect(actionFromReply(call('tap', '{"element": 9}'), els, SCREEN)).toMatchObject({ ok: false, error: expect.stringMatching(/^tap: There is no element \[9\]/) });
    expect(actionFromReply({ role: 'assistant', refusal: null, content: 'Sure. {"action": "home"}' }, els, SCREEN)).toEqual({ ok: true, action: { kind: 'home' } });
    expect(actionFromReply({ role: 'assistant', refusal: null, content: 'I would tap Save' }, els, SCREEN)).toMatchObject({ ok: false, error: expect.stringMatching(/no tool call and no JSON action/) });
  });

  it('LLM settings: from options, else the environment; clear errors; secrets redacted; per-agent keys', () => {
    const env = { TOUCHSTONE_LLM_BASE_URL: 'http://127.0.0.1:1/v1', TOUCHSTONE_LLM_MODEL: 'm', TOUCHSTONE_LLM_API_KEY: 'k' };
    expect(llmSettings({}, env)).toMatchObject({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', apiKey: 'k', mode: 'text', tools: true });
    expect(llmSettings({ model: 'x', mode: 'vision' }, env)).toMatchObject({ model: 'x', mode: 'vision' });
    expect(() => llmSettings({}, {})).toThrow(/TOUCHSTONE_LLM_BASE_URL/);
    expect(() => llmSettings({ base_url: 'nope' }, env)).toThrow(/not an http\(s\) URL/);
    expect(() => llmSettings({ temperature: '9' }, env)).toThrow(/temperature must be a number from 0 to 2/);
    expect(redactSettings({ api_key: 's', model: 'm', token: 't', apiKey: 'k', max_tokens: '256' })).toEqual({ api_key: '[redacted]', model: 'm', token: '[redacted]', apiKey: '[redacted]', max_tokens: '256' });
    expect(settingsFor('llm', { model: 'a', 'llm.model': 'b', 'random.complete': '1', seed: '2' })).toEqual({ model: 'b', seed: '2' });
  });
});

describe('set-of-marks', () => {
  it('scales the screenshot and draws a box and a number tag on every element', async () => {
    const c = createCanvas(1080, 2400);
    const g = c.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 1080, 2400);
    const els: ScreenElement[] = screenElements(XML);
    const png = await drawMarks(await c.encode('png'), els, 540);
    const img = await loadImage(png);
    expect([img.width, img.height]).toEqual([540, 1200]);
    const out = createCanvas(540, 1200).getContext('2d');
    out.drawImage(img, 0, 0);
    const px = (x: number, y: number): number[] => [...out.getImageData(x, y, 1, 1).data];
    // Element 0 is [100,200][300,300] on the device: [50,100][150,150] at half size.
    expect(px(50, 140)).toEqual([0xe6, 0x19, 0x4b, 255]); // its outline, in mark 0's colour
    expect(px(100, 130)).toEqual([255, 255, 255, 255]); // inside it, away from outline and tag
    expect(px(51, 101)).toEqual([0xe6, 0x19, 0x4b, 255]); // the number tag's corner
    expect(px(400, 225)).toEqual([0x3c, 0xb4, 0x4b, 255]); // element 1's outline (x1 = 800 / 2), mark 1's colour
    expect(px(300, 800)).toEqual([255, 255, 255, 255]); // no element there
  });
});
