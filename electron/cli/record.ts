/** `touchstone record`: a person operates a device through Touchstone (commands on stdin); the result is a new ground-truth episode. */
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { DeviceCapture } from '../core/capture/capture';
import type { DeviceAction } from '../../shared/kinds/actions';
import { adbShell } from '../core/capture/device-shell';
import { locate, type Target } from '../core/demo/targets';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { descriptionProblem, GroundTruthRecorder, type RecordedScreen } from '../core/recorder/record-episode';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone record`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['record'],
  description: `Operates the device with commands read from stdin, one per line; after each, the new screen is captured:
  tap X Y | tap text=Settings | tap desc=Save | tap id=add_to_cart
  longpress X Y (or a target as for tap) | swipe X1 Y1 X2 Y2 [MS] | type TEXT | back | home | enter
  list   (print the numbered components of the current screen)
  done   (or end of input: finish the episode)
Writes DATASET/<category>/trace_<id>/ (i.png, i.xml, i.vh, i.activity, i.json, eventStructs.txt,
instruction.txt) and the row in DATASET/llamatouch_task_metadata.tsv, ready to annotate.`,
  options: {
    device: { type: 'string', value: 'S', required: true, description: 'serial of the device to operate' },
    task: { type: 'string', value: '"description"', required: true, description: 'the task, in words (the episode\'s instruction)' },
    out: { type: 'string', value: 'DATASET', required: true, description: 'the dataset folder the episode is added to' },
    episode: { type: 'string', value: 'ID', description: 'the episode id (default rec<time>)' },
    category: { type: 'string', value: 'C', default: 'general', description: 'the category folder of the episode' },
    app: { type: 'string', value: 'PKG', default: '', description: 'the package of the task\'s app' },
    'adb-server': { type: 'string', value: 'H:P', description: 'the adb server to use' },
  },
});

function parseTarget(words: string[]): Target | { x: number; y: number } | null {
  if (words.length === 2 && words.every((w) => /^\d+$/.test(w))) return { x: Number(words[0]), y: Number(words[1]) };
  const m = /^(text|desc|id)=(.+)$/.exec(words.join(' '));
  return m ? { [m[1]!]: m[2] } : null;
}

/** One stdin command as a device action on this screen; a string is an error to print. */
export function commandAction(line: string, screen: RecordedScreen): DeviceAction | string {
  const [cmd = '', ...rest] = line.trim().split(/\s+/);
  switch (cmd) {
    case 'back': case 'home': case 'enter': return { kind: cmd };
    case 'type': {
      const text = line.trim().slice(5);
      return text ? { kind: 'type', text } : 'type needs the text to type, e.g. type hello world';
    }
    case 'swipe': {
      const n = rest.map(Number);
      if (n.length < 4 || n.some((x) => !Number.isFinite(x))) return 'swipe needs X1 Y1 X2 Y2 [MS]';
      return { kind: 'swipe', x1: n[0]!, y1: n[1]!, x2: n[2]!, y2: n[3]!, durationMs: n[4] ?? 300 };
    }
    case 'tap': case 'longpress': {
      const t = parseTarget(rest);
      if (!t) return `${cmd} needs X Y or text=..., desc=..., id=...`;
      try {
        const at = 'x' in t ? t : locate(screen.vh, t, `step ${screen.step}`);
        return { kind: cmd === 'tap' ? 'tap' : 'long-press', x: at.x, y: at.y };
      } catch (err) { return (err as Error).message; }
    }
    default: return `unknown command "${cmd}"; use tap, longpress, swipe, type, back, home, enter, list or done`;
  }
}

export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  const v = p.values;
  // Before any device is touched: a description the index cannot hold would throw the demonstration away at the end.
  const problem = descriptionProblem(v.task);
  if (problem) { console.error(`touchstone record: --task: ${problem}`); return 2; }
  try {
    const mgr = new DeviceManager(resolveAdbServer(v['adb-server']));
    await mgr.pick([v.device]);
    const capture = new DeviceCapture(adbShell(mgr.client, v.device));
    const rec = new GroundTruthRecorder(capture, { root: resolve(v.out), episode: v.episode ?? `rec${Date.now()}`, category: v.category, description: v.task, app: v.app });
    let screen = await rec.captureScreen();
    console.error(`step ${screen.step}: ${screen.activity} (${screen.components.length} components)`);
    const rl = createInterface({ input: process.stdin, terminal: false });
    for await (const line of rl) {
      const t = line.trim();
      if (!t || t.startsWith('#')) continue;
      if (t === 'done') break;
      if (t === 'list') { for (const c of screen.components) console.log(`${c.id}\t${c.class.split('.').pop()}\t${c.text || c['content-desc']}\t${c.bounds}`); continue; }
      const a = commandAction(t, screen);
      if (typeof a === 'string') { console.error(`  ${a}`); continue; }
      await rec.act(a);
      screen = await rec.captureScreen();
      console.error(`step ${screen.step}: ${screen.activity} (${screen.components.length} components)`);
    }
    const rel = await rec.finish();
    console.log(`Recorded ${rec.steps} screen(s) to ${resolve(v.out, rel)}; annotate it in Touchstone.`);
    return 0;
  } catch (err) {
    console.error(`touchstone record: ${(err as Error).message}`);
    return 1;
  }
}
