import type { CommandFn, CommandIO } from '../types';

/**
 * Android key codes by name (KeyEvent.KEYCODE_*, API 31), the ones agents and
 * test harnesses send. Letters, digits and numpad keys are added below.
 */
const NAMED: Record<string, number> = {
  UNKNOWN: 0, SOFT_LEFT: 1, SOFT_RIGHT: 2, HOME: 3, BACK: 4, CALL: 5, ENDCALL: 6, STAR: 17, POUND: 18,
  DPAD_UP: 19, DPAD_DOWN: 20, DPAD_LEFT: 21, DPAD_RIGHT: 22, DPAD_CENTER: 23, VOLUME_UP: 24, VOLUME_DOWN: 25,
  POWER: 26, CAMERA: 27, CLEAR: 28, COMMA: 55, PERIOD: 56, ALT_LEFT: 57, ALT_RIGHT: 58, SHIFT_LEFT: 59,
  SHIFT_RIGHT: 60, TAB: 61, SPACE: 62, SYM: 63, EXPLORER: 64, ENVELOPE: 65, ENTER: 66, DEL: 67, GRAVE: 68,
  MINUS: 69, EQUALS: 70, LEFT_BRACKET: 71, RIGHT_BRACKET: 72, BACKSLASH: 73, SEMICOLON: 74, APOSTROPHE: 75,
  SLASH: 76, AT: 77, NUM: 78, HEADSETHOOK: 79, FOCUS: 80, PLUS: 81, MENU: 82, NOTIFICATION: 83, SEARCH: 84,
  MEDIA_PLAY_PAUSE: 85, MEDIA_STOP: 86, MEDIA_NEXT: 87, MEDIA_PREVIOUS: 88, MEDIA_REWIND: 89,
  MEDIA_FAST_FORWARD: 90, MUTE: 91, PAGE_UP: 92, PAGE_DOWN: 93, ESCAPE: 111, FORWARD_DEL: 112,
  CTRL_LEFT: 113, CTRL_RIGHT: 114, CAPS_LOCK: 115, MOVE_HOME: 122, MOVE_END: 123, INSERT: 124, FORWARD: 125,
  MEDIA_PLAY: 126, MEDIA_PAUSE: 127, VOLUME_MUTE: 164, ZOOM_IN: 168, ZOOM_OUT: 169, SETTINGS: 176,
  APP_SWITCH: 187, CONTACTS: 207, CALENDAR: 208, MUSIC: 209, CALCULATOR: 210, ASSIST: 219,
  BRIGHTNESS_DOWN: 220, BRIGHTNESS_UP: 221, SLEEP: 223, WAKEUP: 224, VOICE_ASSIST: 231, CUT: 277, COPY: 278,
  PASTE: 279, ALL_APPS: 284, REFRESH: 285,
};
for (let d = 0; d <= 9; d++) { NAMED[String(d)] = 7 + d; NAMED[`NUMPAD_${d}`] = 144 + d; }
for (let c = 0; c < 26; c++) NAMED[String.fromCharCode(65 + c)] = 29 + c;
for (let f = 1; f <= 12; f++) NAMED[`F${f}`] = 130 + f;

/** KeyEvent.LAST_KEYCODE on API 31. */
const LAST_KEYCODE = 288;

/**
 * KeyEvent.keyCodeFromString: a number in range, or a name with or without
 * `KEYCODE_` (case-sensitive, as on the phone). 0 (KEYCODE_UNKNOWN) otherwise.
 */
export function keyCode(arg: string): number {
  if (/^\d+$/.test(arg)) { const n = Number(arg); if (n <= LAST_KEYCODE) return n; }
  return NAMED[arg.replace(/^KEYCODE_/, '')] ?? 0;
}

/** The character a key types into a focused field (virtual keyboard map, no modifiers), if any. */
function keyChar(code: number): string | null {
  if (code >= 7 && code <= 16) return String(code - 7);
  if (code >= 29 && code <= 54) return String.fromCharCode(97 + code - 29);
  if (code >= 144 && code <= 153) return String(code - 144);
  const punct: Record<number, string> = { 17: '*', 18: '#', 55: ',', 56: '.', 62: ' ', 68: '`', 69: '-', 70: '=', 71: '[', 72: ']', 73: '\\', 74: ';', 75: "'", 76: '/', 77: '@', 81: '+' };
  return punct[code] ?? null;
}

const USAGE = 'Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe sources are: \n      dpad\n      keyboard\n      mouse\n      touchpad\n      gamepad\n      touchnavigation\n      joystick\n      touchscreen\n      stylus\n      trackball\n\n-d: specify the display ID.\n      (Default: -1 for key event, 0 for motion event if not specified.)\nThe commands and default sources are:\n      text <string> (Default: touchscreen)\n      keyevent [--longpress] <key code number or name> ... (Default: keyboard)\n      tap <x> <y> (Default: touchscreen)\n      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      press (Default: trackball)\n      roll <dx> <dy> (Default: trackball)\n      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n';
const SOURCES = new Set(['keyboard', 'mouse', 'joystick', 'touchnavigation', 'touchpad', 'trackball', 'stylus', 'dpad', 'gamepad', 'touchscreen']);

/** How Android's shell-command framework reports an exception: on stderr, exit status 255. */
function javaException(io: CommandIO, cmd: string, exception: string, frame: string): number {
  io.err(`\nException occurred while executing '${cmd}':\n${exception}\n\tat ${frame}\n\tat com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:276)\n`);
  return 255;
}

/** `input` as Android 12's InputShellCommand behaves, including its quirks. */
export const input: CommandFn = async (io) => {
  const args = io.args.slice(1);
  const mCmd = args[0] ?? '';
  if (args[0] && SOURCES.has(args[0])) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const [cmd, ...rest] = args;
  // getNextArgRequired / Float.parseFloat failures become exceptions in the real tool
  const need = (n: number): number[] | number => {
    if (rest.length < n) return javaException(io, mCmd, `java.lang.IllegalArgumentException: Argument expected after "${rest[rest.length - 1] ?? cmd}"`, 'com.android.modules.utils.BasicShellCommandHandler.getNextArgRequired(BasicShellCommandHandler.java:295)');
    const nums = rest.slice(0, n).map(Number);
    if (nums.some((x) => !Number.isFinite(x))) return javaException(io, mCmd, `java.lang.IllegalArgumentException: Error: Invalid arguments for command: ${cmd}`, 'com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:295)');
    return nums;
  };
  switch (cmd) {
    case 'tap': {
      const n = need(2);
      if (typeof n === 'number') return n;
      await io.host.inject({ kind: 'tap', x: n[0], y: n[1] });
      return 0;
    }
    case 'swipe':
    case 'draganddrop': {
      const n = need(4);
      if (typeof n === 'number') return n;
      const durationMs = rest.length > 4 && Number(rest[4]) >= 0 ? Number(rest[4]) : 300;
      const [x1, y1, x2, y2] = n;
      const long = cmd === 'swipe' && x1 === x2 && y1 === y2 && durationMs >= 500;
      await io.host.inject(long ? { kind: 'long-press', x: x1, y: y1 } : { kind: cmd === 'swipe' ? 'swipe' : 'drag', x1, y1, x2, y2, durationMs });
      return 0;
    }
    case 'text': {
      // Only the first argument is typed (`input text a b` types "a"); `%s` stands for a space.
      if (rest.length === 0) return javaException(io, mCmd, 'java.lang.IllegalArgumentException: Argument expected after "text"', 'com.android.modules.utils.BasicShellCommandHandler.getNextArgRequired(BasicShellCommandHandler.java:295)');
      const text = rest[0].replace(/%s/g, ' ');
      // The virtual keyboard map has no keys for other characters: KeyCharacterMap.getEvents returns null.
      if (/[^\x20-\x7e\n\t]/.test(text)) return javaException(io, mCmd, 'java.lang.NullPointerException: Attempt to get length of null array', 'com.android.server.input.InputShellCommand.sendText(InputShellCommand.java:338)');
      await io.host.inject({ kind: 'text', text });
      return 0;
    }
    case 'keyevent': {
      const keys = rest.filter((a) => a !== '--longpress' && a !== '--doubletap');
      if (keys.length === 0) return javaException(io, mCmd, 'java.lang.IllegalArgumentException: Argument expected after "keyevent"', 'com.android.modules.utils.BasicShellCommandHandler.getNextArgRequired(BasicShellCommandHandler.java:295)');
      for (const k of keys) {
        const code = keyCode(k);
        if (code === 0) { io.host.log('W', 'InputDispatcher', `Dropping KEYCODE_UNKNOWN (input keyevent ${k})`); continue; }
        const ch = keyChar(code);
        await io.host.inject(ch === null ? { kind: 'key', code } : { kind: 'text', text: ch });
      }
      return 0;
    }
    case 'press': await io.host.inject({ kind: 'key', code: 23 }); return 0;
    case 'roll': case 'motionevent': return 0;
    case undefined: case 'help': case '-h': io.out(USAGE); return 0;
    default:
      io.out(`Unknown command: ${cmd}\n`);
      return 0;
  }
};
