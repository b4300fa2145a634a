import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { must, pySplit, type CompatSession, type SessionContext } from '../session';

interface Elem { center: [number, number]; label: string }

/** AppAgent's traverse_tree: every element with clickable="true", its bounds "[x1,y1][x2,y2]" split on "][". */
function clickableCenters(xml: string): Elem[] {
  const out: Elem[] = [];
  const walk = (n: Record<string, unknown>): void => {
    if (n['@_clickable'] === 'true') {
      const [a, b] = String(must(n['@_bounds'], 'bounds')).slice(1, -1).split('][');
      const [x1, y1] = a.split(',').map((v) => must(/^-?\d+$/.test(v) ? Number(v) : null, `int(${v})`));
      const [x2, y2] = b.split(',').map((v) => must(/^-?\d+$/.test(v) ? Number(v) : null, `int(${v})`));
      out.push({ center: [Math.floor((x1 + x2) / 2), Math.floor((y1 + y2) / 2)], label: String(n['@_content-desc'] || n['@_text'] || '') });
    }
    const kids = n.node;
    for (const k of Array.isArray(kids) ? kids : kids ? [kids] : []) walk(k as Record<string, unknown>);
  };
  walk(new XMLParser({ ignoreAttributes: false }).parse(xml).hierarchy);
  return out;
}

/** The tap the agent decides on: the element with this label (the model names it by its number). */
const tapOn = (label: string) => (c: SessionContext): string => {
  const e = must((c.vars.elems as Elem[]).find((x) => x.label === label), `no clickable element '${label}'`);
  return `adb -s {serial} shell input tap ${e.center[0]} ${e.center[1]}`;
};
const dumpAndPull = (n: number): CompatSession['steps'] => [
  { what: `get_xml(): uiautomator dump (${n})`, sh: `adb -s {serial} shell uiautomator dump /sdcard/${n}.xml` },
  {
    what: `get_xml(): pull, then traverse_tree over clickable elements (${n})`,
    sh: (c) => `adb -s {serial} pull /sdcard/${n}.xml ${join(c.tmp, `${n}.xml`)}`,
    parse: (_o, c) => clickableCenters(readFileSync(join(c.tmp, `${n}.xml`), 'utf8')),
    save: 'elems',
  },
];

const session: CompatSession = {
  framework: 'AppAgent',
  source: 'mnotgod96/AppAgent scripts/and_controller.py: list_all_devices, AndroidController.get_device_size/get_screenshot/get_xml/back/tap/text/long_press/swipe (subprocess shell=True, stdout stripped; non-zero exit = "ERROR"); config.yaml ANDROID_SCREENSHOT_DIR/ANDROID_XML_DIR = /sdcard',
  steps: [
    { what: 'list_all_devices()', sh: 'adb devices', parse: (o, c) => o.text.trim().split('\n').slice(1).map((d) => pySplit(d)[0]).includes(c.serial), expect: true },
    { what: 'get_device_size()', sh: 'adb -s {serial} shell wm size', parse: (o) => o.text.trim().split(': ')[1].split('x').map((v) => must(/^\d+$/.test(v) ? Number(v) : null, `int(${v})`)), expect: [1080, 2400] },
    { what: 'get_screenshot(): screencap', sh: 'adb -s {serial} shell screencap -p /sdcard/0_before.png' },
    { what: 'get_screenshot(): pull', sh: (c) => `adb -s {serial} pull /sdcard/0_before.png ${join(c.tmp, '0_before.png')}`, parse: (_o, c) => readFileSync(join(c.tmp, '0_before.png')).subarray(1, 4).toString('latin1'), expect: 'PNG' },
    ...dumpAndPull(0),
    { what: 'tap(tl, br): the Notes icon', sh: tapOn('Notes') },
    ...dumpAndPull(1),
    { what: 'tap(tl, br): the new note button', sh: tapOn('New note') },
    { what: 'text(input_str): spaces as %s, quotes dropped', sh: `adb -s {serial} shell input text ${"Buy milk".replace(/ /g, '%s').replace(/'/g, '')}` },
    { what: 'back()', sh: 'adb -s {serial} shell input keyevent KEYCODE_BACK' },
    ...dumpAndPull(2),
    { what: 'the saved note is on the list', sh: 'adb -s {serial} shell true', parse: (_o, c) => readFileSync(join(c.tmp, '2.xml'), 'utf8').includes('text="Buy milk"'), expect: true },
    { what: 'long_press(): a swipe in place', sh: 'adb -s {serial} shell input swipe 540 600 540 600 1000' },
    { what: 'swipe(tl, br, "up", "medium")', sh: 'adb -s {serial} shell input swipe 540 1200 540 768 400' },
  ],
};
export default session;
