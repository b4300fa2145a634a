/**
 * API actions (Mobile-Bench's API+UI tasks): an agent may issue one adb shell command as one action.
 * Only a whitelisted set runs; anything else is refused with the reason and what is allowed.
 *
 * Allowed (with or without a leading `adb shell`):
 * - `am start [options] [-n pkg/.Activity]`: intents, e.g. `am start -a android.intent.action.VIEW -d https://...`
 * - `settings put system|secure|global KEY VALUE`
 * - `cmd uimode night yes|no|auto`
 * - `svc wifi|data|bluetooth enable|disable`
 */

/** The command as it is recorded (`adb shell ...`, arguments quoted where needed) and as it runs on the device. */
export interface ApiCommand {
  /** Arguments after `adb shell`. */
  argv: string[];
  /** What the trace records: `adb shell <argv, quoted where needed>`. */
  recorded: string;
  /** What the device shell runs (every argument single-quoted where needed, so nothing is interpreted). */
  shell: string;
}

export type ApiCommandCheck = { ok: true; command: ApiCommand } | { ok: false; error: string };

export const API_COMMANDS_ALLOWED = 'am start [-a ACTION] [-d URI] [-t TYPE] [-c CATEGORY] [-n COMPONENT] [-e/--es/--ei/--ez/... KEY VALUE] [-W] [-S] [-f FLAGS], settings put system|secure|global KEY VALUE, cmd uimode night yes|no|auto, svc wifi|data|bluetooth enable|disable';

/** Splits a command into words as sh does: double or single quotes group, a backslash escapes. Null on an unclosed quote. */
export function splitCommand(cmd: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i]!;
    if (c === '"' || c === "'") {
      const end = c === "'" ? cmd.indexOf("'", i + 1) : closingDouble(cmd, i + 1);
      if (end < 0) return null;
      const body = cmd.slice(i + 1, end);
      cur += c === '"' ? body.replace(/\\(["\\$`])/g, '$1') : body;
      inWord = true;
      i = end;
    } else if (c === '\\' && i + 1 < cmd.length) {
      cur += cmd[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else { cur += c; inWord = true; }
  }
  if (inWord) out.push(cur);
  return out;
}

function closingDouble(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return -1;
}

/** A word as the device shell must see it: bare when it has only safe characters, else single-quoted. */
export function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

const AM_ONE = new Set(['-a', '-d', '-t', '-c', '-n', '-f', '-p', '--user']);
const AM_FLAG = new Set(['-W', '-S', '--activity-clear-top', '--activity-new-task', '--activity-single-top', '--activity-clear-task']);
const AM_TWO = /^(?:-e|--es|--esn|--ei|--el|--ef|--ez|--eu|--ecn|--eia|--ela|--efa|--esa)$/;
const SETTING_KEY = /^[A-Za-z][\w.]*$/;

function checkAm(a: string[]): string | null {
  if (a[1] !== 'start') return `only \`am start\` is allowed (got \`am ${a[1] ?? ''}\`)`;
  for (let i = 2; i < a.length; i++) {
    const w = a[i]!;
    if (AM_FLAG.has(w)) continue;
    if (AM_ONE.has(w)) { if (a[i + 1] === undefined) return `\`${w}\` needs a value`; i++; continue; }
    if (AM_TWO.test(w)) { if (a[i + 2] === undefined) return `\`${w}\` needs a key and a value`; i += 2; continue; }
    if (i === a.length - 1 && /^[A-Za-z][\w]*(?:\.[\w]+)+\/[\w.$]+$/.test(w)) continue; // a trailing component
    return `\`am start\` option \`${w}\` is not allowed`;
  }
  return null;
}

function checkArgv(a: string[]): string | null {
  switch (a[0]) {
    case 'am': return checkAm(a);
    case 'settings':
      if (a[1] !== 'put') return `only \`settings put\` is allowed (got \`settings ${a[1] ?? ''}\`)`;
      if (!['system', 'secure', 'global'].includes(a[2] ?? '')) return '`settings put` needs the namespace system, secure or global';
      if (!SETTING_KEY.test(a[3] ?? '') || a.length !== 5) return '`settings put` needs exactly a KEY (letters, digits, _ and .) and a VALUE';
      return null;
    case 'cmd':
      return a[1] === 'uimode' && a[2] === 'night' && ['yes', 'no', 'auto'].includes(a[3] ?? '') && a.length === 4 ? null : 'only `cmd uimode night yes|no|auto` is allowed of `cmd`';
    case 'svc':
      return ['wifi', 'data', 'bluetooth'].includes(a[1] ?? '') && ['enable', 'disable'].includes(a[2] ?? '') && a.length === 3 ? null : 'only `svc wifi|data|bluetooth enable|disable` is allowed of `svc`';
    default: return `\`${a[0] ?? ''}\` is not an allowed command`;
  }
}

/**
 * Checks an API action's command against the whitelist. Refused: shell operators and substitutions
 * (`; & | < > $ \``, outside or inside quotes: the trace line separates fields with `|`), line breaks,
 * `adb` options other than `shell` (the device is the runner's), and every command not listed above.
 */
export function checkApiCommand(input: unknown): ApiCommandCheck {
  const refuse = (why: string): ApiCommandCheck => ({ ok: false, error: `API action refused: ${why}. Allowed: ${API_COMMANDS_ALLOWED}.` });
  if (typeof input !== 'string' || !input.trim()) return refuse('"command" must be a non-empty string such as "am start -a android.intent.action.VIEW -d https://example.com"');
  if (/[\r\n\0]/.test(input)) return refuse('the command holds a line break');
  if (input.length > 1000) return refuse('the command is longer than 1000 characters');
  if (/[|;&<>`$]/.test(input)) return refuse(`the command holds a shell operator (${JSON.stringify(/[|;&<>`$]/.exec(input)![0])}); one plain command only`);
  const words = splitCommand(input.trim());
  if (!words) return refuse('a quote is not closed');
  let argv = words;
  if (argv[0] === 'adb') {
    if (argv[1] !== 'shell') return refuse('write `adb shell <command>` or just the command (the runner picks the device)');
    argv = argv.slice(2);
  }
  const why = checkArgv(argv);
  if (why) return refuse(why);
  const quoted = argv.map(quoteWord).join(' ');
  return { ok: true, command: { argv, recorded: `adb shell ${quoted}`, shell: quoted } };
}
