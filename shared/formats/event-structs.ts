import type { GtAction, Parsed, Problem } from '../model';

const NUM = '(-?\\d+(?:\\.\\d+)?)';
const PAIR = `\\(\\s*${NUM}\\s*,\\s*${NUM}\\s*\\)`;
const POINT_RE = new RegExp(`^Screen Resolution ${PAIR}, (?:Click )?Position ${PAIR}$`);
const MOVE_RE = new RegExp(`^Screen Resolution ${PAIR}, Start Position ${PAIR}, End Position ${PAIR}$`);

/** The recorder's original Chinese spelling, still found in older upstream traces (【点击事件】屏幕大小：（w320，h720），触摸位置：（x176，y564）). */
const ZH_CLICK_RE = /^屏幕大小：（w(\d+)，h(\d+)），触摸位置：（x(\d+)，y(\d+)）/;
const ZH_SWIPE_RE = /^屏幕大小：（w(\d+)，h(\d+)），起始位置：（x(\d+)，y(\d+)），结束位置：（x(\d+)，y(\d+)）/;

function parseChineseLine(kind: string, rest: string): GtAction | string {
  switch (kind) {
    case 'Home键': return { kind: 'home' };
    case 'Back键': return { kind: 'back' };
    case '键盘输入': return { kind: 'input', text: rest };
    case '点击事件': {
      const p = ZH_CLICK_RE.exec(rest);
      if (!p) return `【点击事件】 needs 屏幕大小：（wW，hH），触摸位置：（xX，yY）`;
      return { kind: 'click', resolution: { width: Number(p[1]), height: Number(p[2]) }, at: { x: Number(p[3]), y: Number(p[4]) } };
    }
    case '滑动事件': {
      const p = ZH_SWIPE_RE.exec(rest);
      if (!p) return `【滑动事件】 needs 屏幕大小, 起始位置 and 结束位置`;
      return { kind: 'swipe', resolution: { width: Number(p[1]), height: Number(p[2]) }, from: { x: Number(p[3]), y: Number(p[4]) }, to: { x: Number(p[5]), y: Number(p[6]) } };
    }
    default: return `unknown action kind 【${kind}】`;
  }
}

/**
 * Parses one `eventStructs.txt` line (English recorder spelling, or the older
 * Chinese one, which is read but written back in English); returns a message
 * when it is malformed.
 */
export function parseEventLine(line: string): GtAction | string {
  const zh = /^【([^】]+)】(.*)$/.exec(line);
  if (zh) return parseChineseLine(zh[1], zh[2]);
  const m = /^\[([A-Za-z ]+)\]\s?(.*)$/.exec(line);
  if (!m) return 'expected "[Kind] ..." (e.g. [Click] Screen Resolution (320, 720), Click Position (176, 564))';
  const [, kind, rest] = m;
  switch (kind) {
    case 'Home': return { kind: 'home' };
    case 'Back': return { kind: 'back' };
    case 'Enter': return { kind: 'enter' };
    case 'App Switch': return { kind: 'app-switch' };
    case 'Input': return { kind: 'input', text: rest };
    case 'Click': case 'Long Click': {
      const p = POINT_RE.exec(rest.trim());
      if (!p) return `[${kind}] needs "Screen Resolution (W, H), Click Position (x, y)"`;
      const resolution = { width: Number(p[1]), height: Number(p[2]) };
      const at = { x: Number(p[3]), y: Number(p[4]) };
      return kind === 'Click' ? { kind: 'click', resolution, at } : { kind: 'long-click', resolution, at };
    }
    case 'Swipe': case 'Drag': {
      const p = MOVE_RE.exec(rest.trim());
      if (!p) return `[${kind}] needs "Screen Resolution (W, H), Start Position (x1, y1), End Position (x2, y2)"`;
      const resolution = { width: Number(p[1]), height: Number(p[2]) };
      const from = { x: Number(p[3]), y: Number(p[4]) };
      const to = { x: Number(p[5]), y: Number(p[6]) };
      return kind === 'Swipe' ? { kind: 'swipe', resolution, from, to } : { kind: 'drag', resolution, from, to };
    }
    default: return { kind: 'unknown', raw: line };
  }
}

/** Formats one action as the recorder writes it. */
export function formatEventLine(a: GtAction): string {
  const res = (r: { width: number; height: number }): string => `Screen Resolution (${r.width}, ${r.height})`;
  switch (a.kind) {
    case 'home': return '[Home]';
    case 'back': return '[Back]';
    case 'enter': return '[Enter]';
    case 'app-switch': return '[App Switch]';
    case 'input': return `[Input] ${a.text}`;
    case 'click': return `[Click] ${res(a.resolution)}, Click Position (${a.at.x}, ${a.at.y})`;
    case 'long-click': return `[Long Click] ${res(a.resolution)}, Click Position (${a.at.x}, ${a.at.y})`;
    case 'swipe': case 'drag':
      return `[${a.kind === 'swipe' ? 'Swipe' : 'Drag'}] ${res(a.resolution)}, Start Position (${a.from.x}, ${a.from.y}), End Position (${a.to.x}, ${a.to.y})`;
    case 'unknown': return a.raw;
    default: {
      const never: never = a;
      throw new Error(`Unknown action ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Parses `eventStructs.txt` (line i = action taken on screen i). Blank lines
 * are skipped; unrecognised kinds are kept as `unknown` with a warning;
 * malformed lines are errors naming the line. Never throws.
 */
export function parseEventStructs(text: string, file: string): Parsed<GtAction[]> {
  const actions: GtAction[] = [];
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  text.replace(/^\uFEFF/, '').split('\n').forEach((rawLine, k) => {
    const line = rawLine.replace(/\r$/, '');
    if (line.trim() === '') return;
    const a = parseEventLine(line);
    if (typeof a === 'string') {
      problems.push({ severity: 'error', file, line: k + 1, message: `Malformed action: ${a}.`, hint: 'Fix the line or re-record the episode.' });
    } else {
      if (a.kind === 'unknown') warnings.push({ severity: 'warning', file, line: k + 1, message: `Unknown action kind, kept as is: ${line.slice(0, 60)}` });
      actions.push(a);
    }
  });
  return problems.length ? { ok: false, problems } : { ok: true, value: actions, warnings };
}

/** Formats a whole `eventStructs.txt` (one line per action, newline-terminated). */
export function formatEventStructs(actions: GtAction[]): string {
  return actions.map((a) => formatEventLine(a) + '\n').join('');
}
