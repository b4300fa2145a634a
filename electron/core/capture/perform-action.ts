import type { DeviceShell } from './device-shell';
import type { DeviceAction } from '../../../shared/kinds/actions';
import { checkApiCommand } from '../../../shared/evaluation/checkpoints/api-command';

const ADB_KEYBOARD_PKG = 'com.android.adbkeyboard';
const ADB_IME = 'com.android.adbkeyboard/.AdbIME';

/** Quotes a word for the device's sh (single quotes; a quote inside becomes '\''). */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Text for `input text`: spaces become `%s` (what InputShellCommand turns back
 * into spaces), the whole argument single-quoted so the device shell passes
 * symbols (`&;|<>()$"*?`) through untouched. Only printable ASCII can be typed
 * this way; `null` otherwise.
 */
export function inputTextArg(text: string): string | null {
  if (/[^\x20-\x7e]/.test(text)) return null;
  return shQuote(text.replace(/ /g, '%s'));
}

/** Types any text through ADBKeyBoard's broadcast (base64, so no quoting issue); throws when it is not installed. */
async function typeWithAdbKeyboard(shell: DeviceShell, text: string): Promise<void> {
  const pkgs = (await shell.run(`pm list packages ${ADB_KEYBOARD_PKG}`)).toString('utf8');
  if (!pkgs.split('\n').some((l) => l.trim() === `package:${ADB_KEYBOARD_PKG}`)) {
    throw new Error(`Cannot type ${JSON.stringify(text)} on ${shell.serial}: \`input text\` types printable ASCII only, and non-ASCII text needs ADBKeyBoard (https://github.com/senzhk/ADBKeyBoard), which is not installed. Install its APK (\`adb -s ${shell.serial} install ADBKeyboard.apk\`) and run again.`);
  }
  const before = (await shell.run('settings get secure default_input_method')).toString('utf8').trim();
  const b64 = Buffer.from(text, 'utf8').toString('base64');
  const switchTo = before === ADB_IME ? '' : `ime enable ${ADB_IME} >/dev/null; ime set ${ADB_IME} >/dev/null; `;
  const restore = before && before !== 'null' && before !== ADB_IME ? `; ime set ${shQuote(before)} >/dev/null` : '';
  await shell.run(`${switchTo}am broadcast -a ADB_INPUT_B64 --es msg ${b64} >/dev/null${restore}`);
}

/** The shell command(s) that perform `a` (one round trip where possible). Returns false for actions that touch nothing. */
export async function performAction(shell: DeviceShell, a: DeviceAction): Promise<boolean> {
  const r = Math.round;
  let cmd: string;
  switch (a.kind) {
    case 'tap': cmd = `input tap ${r(a.x)} ${r(a.y)}`; break;
    case 'long-press': cmd = `input swipe ${r(a.x)} ${r(a.y)} ${r(a.x)} ${r(a.y)} 1000`; break;
    case 'swipe': cmd = `input swipe ${r(a.x1)} ${r(a.y1)} ${r(a.x2)} ${r(a.y2)} ${r(a.durationMs ?? 300)}`; break;
    case 'back': cmd = 'input keyevent 4'; break;
    case 'home': cmd = 'input keyevent 3'; break;
    case 'enter': cmd = 'input keyevent 66'; break;
    case 'launch': {
      if (!/^[A-Za-z][\w.]*$/.test(a.pkg)) throw new Error(`Cannot launch "${a.pkg}": not a package name (e.g. com.android.settings).`);
      cmd = `monkey -p ${a.pkg} -c android.intent.category.LAUNCHER 1`;
      break;
    }
    case 'type': {
      const arg = inputTextArg(a.text);
      if (arg === null) { await typeWithAdbKeyboard(shell, a.text); return true; }
      if (a.text === '') return false;
      cmd = `input text ${arg}`;
      break;
    }
    case 'api': {
      // Checked again here: whatever produced the action, only whitelisted commands reach the device.
      const c = checkApiCommand(a.command);
      if (!c.ok) throw new Error(`${c.error} (device ${shell.serial})`);
      cmd = `${c.command.shell} 2>&1`;
      break;
    }
    case 'complete': case 'impossible': case 'invalid': case 'app-switch': case 'unknown': return false;
  }
  const out = (await shell.run(cmd)).toString('utf8');
  // InputShellCommand and monkey report failures in their output (their exit status is lost over `shell:`).
  if (/Exception occurred while executing|Error: Unknown command|monkey aborted|No activities found/.test(out) || (a.kind === 'api' && /^Error\b|^Error type \d|Activity not started, unable/m.test(out))) {
    throw new Error(`Device ${shell.serial} refused \`${cmd}\`: ${out.trim().split('\n').slice(0, 3).join(' ')}`);
  }
  return true;
}
