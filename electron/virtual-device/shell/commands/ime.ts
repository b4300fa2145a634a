import type { CommandFn, CommandIO } from '../types';

/** ADBKeyBoard (senzhk/ADBKeyBoard), the IME agent harnesses install to type any Unicode text. */
export const ADB_IME = 'com.android.adbkeyboard/.AdbIME';
export const LATIN_IME = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';
const AVAILABLE = [LATIN_IME, ADB_IME];
const ENABLED = 'secure:enabled_input_methods';
const DEFAULT = 'secure:default_input_method';

const enabled = (io: CommandIO): string[] => (io.host.settings.get(ENABLED) ?? LATIN_IME).split(':').filter(Boolean);

/** `ime list [-s] | enable ID | disable ID | set ID`, with the messages of Android 12's InputMethodManagerService. */
export const ime: CommandFn = (io) => {
  const [sub, ...rest] = io.args.slice(1);
  const id = rest.find((a) => !a.startsWith('-'));
  const s = io.host.settings;
  switch (sub) {
    case 'list': {
      const ids = rest.includes('-a') ? AVAILABLE : enabled(io);
      io.out(rest.includes('-s') ? ids.map((i) => `${i}\n`).join('') : ids.map((i) => `${i}:\n  mId=${i} mSettingsActivityName=null\n`).join(''));
      return 0;
    }
    case 'enable':
    case 'disable': {
      if (!id || !AVAILABLE.includes(id)) { io.err(`Unknown input method ${id ?? ''} cannot be ${sub}d for user #0\n`); return 255; }
      const on = enabled(io).includes(id);
      const want = sub === 'enable';
      if (on !== want) s.set(ENABLED, (want ? [...enabled(io), id] : enabled(io).filter((i) => i !== id)).join(':'));
      io.out(`Input method ${id}: ${on === want ? 'already ' : 'now '}${want ? 'enabled' : 'disabled'} for user #0\n`);
      return 0;
    }
    case 'set':
      if (!id || !enabled(io).includes(id)) { io.err(`Unknown input method ${id ?? ''} cannot be selected for user #0\n`); return 255; }
      s.set(DEFAULT, id);
      io.out(`Input method ${id} selected for user #0\n`);
      return 0;
    default:
      io.err(`Unknown command: ${sub ?? ''}\n`);
      return 255;
  }
};

/**
 * What ADBKeyBoard's receiver does with `am broadcast -a ADB_INPUT_TEXT|ADB_INPUT_B64|ADB_INPUT_CHARS|ADB_INPUT_CODE`:
 * it types into the focused field, but only while it is the selected IME (as on a phone).
 */
export async function adbKeyboardBroadcast(io: CommandIO, action: string, extras: Map<string, string>): Promise<void> {
  if (io.host.settings.get(DEFAULT) !== ADB_IME) return;
  const msg = extras.get('msg');
  let text: string | null = null;
  if (action === 'ADB_INPUT_TEXT' && msg !== undefined) text = msg;
  else if (action === 'ADB_INPUT_B64' && msg !== undefined) text = Buffer.from(msg, 'base64').toString('utf8');
  else if (action === 'ADB_INPUT_CHARS' && extras.has('chars')) text = String.fromCodePoint(...extras.get('chars')!.split(',').map(Number));
  else if (action === 'ADB_INPUT_CODE' && extras.has('code')) await io.host.inject({ kind: 'key', code: Number(extras.get('code')) });
  if (text) await io.host.inject({ kind: 'text', text });
}
