import type { ExecAction, Parsed, Point, Size } from '../model';

const NUM = '(-?\\d+(?:\\.\\d+)?(?:[eE]-?\\d+)?)';
const POINT_RE = new RegExp(`^\\[\\s*${NUM}\\s*(?:,\\s*|\\s+)${NUM}\\s*\\]$`);

function point(s: string): Point | null {
  const m = POINT_RE.exec(s.trim());
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/**
 * The action type of an API action line. Upstream maps the type through its ActionType enum and
 * crashes on unknown names; UNUSED_9 is a member it reserves for no action, so it reads the line.
 */
export const API_ACTION_TYPE = 'UNUSED_9';

const SIMPLE: Record<string, ExecAction['kind']> = {
  PRESS_BACK: 'back', PRESS_HOME: 'home', PRESS_ENTER: 'enter',
  STATUS_TASK_COMPLETE: 'complete', STATUS_TASK_IMPOSSIBLE: 'impossible',
};

/**
 * Parses one execution-trace action line `TYPE|arg1|arg2|width|height`.
 * Typed text is kept whole (spaces, commas, capitals and even `|` intact:
 * the fields are taken from both ends), unlike upstream, which truncated it.
 * Returns a message on malformed input; never throws.
 */
export function parseExecActionLine(line: string): ExecAction | string {
  const fields = line.replace(/\r?\n$/, '').split('|');
  if (fields.length < 5) return `expected TYPE|arg1|arg2|width|height, found ${fields.length} field(s)`;
  const type = fields[0].trim();
  const height = fields[fields.length - 1].trim();
  const width = fields[fields.length - 2].trim();
  const arg2 = fields[fields.length - 3];
  const arg1 = fields.slice(1, fields.length - 3).join('|');
  if (type === 'NONE' || type === 'NULL') return { kind: 'none' };
  if (!/^\d+$/.test(width) || !/^\d+$/.test(height)) return `width and height must be whole pixels, found ${JSON.stringify(width)} and ${JSON.stringify(height)}`;
  const screen: Size = { width: Number(width), height: Number(height) };
  switch (type) {
    case 'CLICK': case 'LONG_CLICK': case 'LONG_PRESS': {
      const at = point(arg1);
      if (!at) return `${type} needs a normalised point like [0.5, 0.12], found ${JSON.stringify(arg1)}`;
      return { kind: type === 'CLICK' ? 'click' : 'long-click', at, screen };
    }
    case 'SWIPE': {
      const from = point(arg1);
      const to = point(arg2);
      if (!from || !to) return `SWIPE needs two points like [0.8, 0.5]|[0.2, 0.5], found ${JSON.stringify(`${arg1}|${arg2}`)}`;
      return { kind: 'swipe', from, to, screen };
    }
    case API_ACTION_TYPE: {
      // An API action: the upstream evaluator reads this type as its placeholder ActionType.UNUSED_9 (matches no UI action).
      const command = arg1.trim();
      if (arg2.trim() !== 'NULL' || !/^adb shell \S/.test(command)) return `${API_ACTION_TYPE} (an API action) needs "adb shell <command>" and NULL, found ${JSON.stringify(`${arg1}|${arg2}`)}`;
      return { kind: 'api', command, screen };
    }
    case 'TYPE': {
      const q = arg1.length >= 2 && (arg1[0] === "'" || arg1[0] === '"') && arg1.endsWith(arg1[0]) ? arg1[0] : '';
      // Quoted text is a Python string literal (upstream wrote repr(text)): undo its escapes.
      return q ? { kind: 'type', text: unescapeLiteral(arg1.slice(1, -1)), screen, quote: q } : { kind: 'type', text: arg1, screen };
    }
    default: {
      const kind = SIMPLE[type];
      if (!kind) return `unknown action type ${JSON.stringify(type)} (expected CLICK, SWIPE, TYPE, PRESS_BACK, PRESS_HOME, PRESS_ENTER, STATUS_TASK_COMPLETE, STATUS_TASK_IMPOSSIBLE or UNUSED_9 (API action))`;
      return { kind, screen } as ExecAction;
    }
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', "'": "'", '"': '"' };

/** Undoes the escapes of a Python string literal's body (`\\n`, `\\'`, `\\x7c`, `\\u00e9`); others stay as written. */
function unescapeLiteral(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (all, e: string) => {
    if (e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ESCAPES[e] ?? all;
  });
}

/**
 * Typed text as the action line's argument. Upstream's reader splits the whole file on `|` and takes the
 * typed text from field 1 as it stands, so text holding `|` or a line break (or text that looks quoted) is
 * written as a quoted Python literal instead, with those characters escaped (`\\x7c`, `\\n`, `\\r`): the
 * line stays one line of five fields, and this parser gets the exact text back.
 */
function typedText(text: string, quote: string | undefined): string {
  const looksQuoted = text.length >= 2 && (text[0] === "'" || text[0] === '"') && text.endsWith(text[0]);
  const q = quote ?? (/[|\r\n]/.test(text) || looksQuoted ? "'" : '');
  if (!q) return text;
  const body = text.replace(/\\/g, '\\\\').split(q).join(`\\${q}`).replace(/\|/g, '\\x7c').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  return `${q}${body}${q}`;
}

function fmtPoint(p: Point): string {
  return `[${p.x}, ${p.y}]`;
}

/** Formats an action as one `TYPE|arg1|arg2|width|height` line (no newline, no `|` inside a field). */
export function formatExecActionLine(a: ExecAction): string {
  if (a.kind === 'none') return 'NONE|NULL|NULL|0|0';
  const tail = `${a.screen.width}|${a.screen.height}`;
  switch (a.kind) {
    case 'click': return `CLICK|${fmtPoint(a.at)}|NULL|${tail}`;
    case 'long-click': return `LONG_CLICK|${fmtPoint(a.at)}|NULL|${tail}`;
    case 'swipe': return `SWIPE|${fmtPoint(a.from)}|${fmtPoint(a.to)}|${tail}`;
    case 'type': return `TYPE|${typedText(a.text, a.quote)}|NULL|${tail}`;
    case 'back': return `PRESS_BACK|NULL|NULL|${tail}`;
    case 'home': return `PRESS_HOME|NULL|NULL|${tail}`;
    case 'enter': return `PRESS_ENTER|NULL|NULL|${tail}`;
    case 'complete': return `STATUS_TASK_COMPLETE|NULL|NULL|${tail}`;
    case 'impossible': return `STATUS_TASK_IMPOSSIBLE|NULL|NULL|${tail}`;
    case 'api': {
      if (/[|\r\n]/.test(a.command) || !a.command.startsWith('adb shell ')) throw new Error(`API action command ${JSON.stringify(a.command)} must start with "adb shell " and hold no "|" or line break.`);
      return `${API_ACTION_TYPE}|${a.command}|NULL|${tail}`;
    }
    default: {
      const never: never = a;
      throw new Error(`Unknown action ${JSON.stringify(never)}`);
    }
  }
}

/** Parses an action file (`i.action`, one line). Never throws. */
export function parseExecAction(text: string, file: string): Parsed<ExecAction> {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  const idx = lines.findIndex((l) => l.trim() !== '');
  if (idx < 0) return { ok: false, problems: [{ severity: 'error', file, line: 1, message: 'The action file is empty.', hint: 'Re-run the step or write e.g. PRESS_BACK|NULL|NULL|1080|2400.' }] };
  const a = parseExecActionLine(lines[idx]);
  if (typeof a === 'string') return { ok: false, problems: [{ severity: 'error', file, line: idx + 1, message: `Malformed action: ${a}.`, hint: 'Fix the line; see the action format in the docs.' }] };
  return { ok: true, value: a, warnings: [] };
}
