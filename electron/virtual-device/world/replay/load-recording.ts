import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecAction, GtAction, Size } from '../../../../shared/model';
import { parseEventStructs } from '../../../../shared/formats/event-structs';
import { parseExecAction } from '../../../../shared/formats/exec-action';

/** The action recorded on one screen, in screen pixels of the recording's screenshots. */
export type RecordedAction =
  | { kind: 'tap' | 'long-press'; x: number; y: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'text'; text: string }
  | { kind: 'key'; key: 'back' | 'home' | 'enter' | 'app-switch' }
  | { kind: 'none' };

export interface RecordedStep {
  png: string;
  xmlFile?: string;
  activity: string;
  action: RecordedAction;
}

export interface Recording {
  dir: string;
  layout: 'llamatouch-episode' | 'execution-trace';
  size: Size;
  steps: RecordedStep[];
  installedApps?: string[];
}

/** Width and height from a PNG's IHDR. */
export function pngSize(file: string): Size {
  const b = readFileSync(file).subarray(0, 24);
  if (b.toString('latin1', 1, 4) !== 'PNG') throw new Error(`${file}: not a PNG file`);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function fromGt(a: GtAction | undefined, size: Size): RecordedAction {
  if (!a) return { kind: 'none' };
  const sx = (r: Size, x: number): number => (x * size.width) / r.width;
  const sy = (r: Size, y: number): number => (y * size.height) / r.height;
  switch (a.kind) {
    case 'click': case 'long-click':
      return { kind: a.kind === 'click' ? 'tap' : 'long-press', x: sx(a.resolution, a.at.x), y: sy(a.resolution, a.at.y) };
    case 'swipe': case 'drag':
      return { kind: 'swipe', x1: sx(a.resolution, a.from.x), y1: sy(a.resolution, a.from.y), x2: sx(a.resolution, a.to.x), y2: sy(a.resolution, a.to.y) };
    case 'input': return { kind: 'text', text: a.text };
    case 'back': case 'home': case 'enter': case 'app-switch': return { kind: 'key', key: a.kind };
    case 'unknown': return { kind: 'none' };
  }
}

function fromExec(a: ExecAction, size: Size): RecordedAction {
  switch (a.kind) {
    case 'click': case 'long-click':
      return { kind: a.kind === 'click' ? 'tap' : 'long-press', x: a.at.x * size.width, y: a.at.y * size.height };
    case 'swipe': return { kind: 'swipe', x1: a.from.x * size.width, y1: a.from.y * size.height, x2: a.to.x * size.width, y2: a.to.y * size.height };
    case 'type': return { kind: 'text', text: a.text };
    case 'back': case 'home': case 'enter': return { kind: 'key', key: a.kind };
    default: return { kind: 'none' };
  }
}

const readText = (f: string): string | undefined => (existsSync(f) ? readFileSync(f, 'utf8').trim() : undefined);

function indices(dir: string, ext: string): number[] {
  return readdirSync(dir).map((f) => new RegExp(`^(\\d+)\\.${ext}$`).exec(f)).filter((m) => m !== null).map((m) => Number(m![1])).sort((a, b) => a - b);
}

/**
 * Loads a LlamaTouch episode folder (i.png, i.xml, i.activity, eventStructs.txt)
 * or an execution trace (captured_data/{screenshot,xml,activity,action}/i.*).
 * Throws naming the folder and what is missing.
 */
export function loadRecording(dir: string): Recording {
  const captured = existsSync(join(dir, 'captured_data')) ? join(dir, 'captured_data') : existsSync(join(dir, 'screenshot')) ? dir : null;
  if (captured) {
    const ids = indices(join(captured, 'screenshot'), 'png');
    if (!ids.length) throw new Error(`${captured}/screenshot: no i.png screenshots; record a trace first`);
    const size = pngSize(join(captured, 'screenshot', `${ids[0]}.png`));
    const steps = ids.map((i): RecordedStep => {
      const actText = readText(join(captured, 'action', `${i}.action`));
      const parsed = actText ? parseExecAction(actText, `action/${i}.action`) : null;
      const xml = join(captured, 'xml', `${i}.xml`);
      return {
        png: join(captured, 'screenshot', `${i}.png`),
        xmlFile: existsSync(xml) ? xml : undefined,
        activity: readText(join(captured, 'activity', `${i}.activity`)) ?? '',
        action: parsed?.ok ? fromExec(parsed.value, size) : { kind: 'none' },
      };
    });
    const apps = readText(join(captured, 'installed_apps', 'installed_apps.txt'));
    return { dir, layout: 'execution-trace', size, steps, installedApps: apps?.split(/\r?\n/).map((l) => l.replace(/^package:/, '').trim()).filter(Boolean) };
  }
  const ids = indices(dir, 'png');
  if (!ids.length) throw new Error(`${dir}: neither a LlamaTouch episode (0.png, 0.xml, eventStructs.txt) nor an execution trace (captured_data/)`);
  const size = pngSize(join(dir, `${ids[0]}.png`));
  const evText = readText(join(dir, 'eventStructs.txt')) ?? '';
  const ev = parseEventStructs(evText, join(dir, 'eventStructs.txt'));
  if (!ev.ok) throw new Error(ev.problems.map((p) => `${p.file}:${p.line ?? ''} ${p.message}`).join('; '));
  const steps = ids.map((i, k): RecordedStep => {
    const xml = join(dir, `${i}.xml`);
    return { png: join(dir, `${i}.png`), xmlFile: existsSync(xml) ? xml : undefined, activity: readText(join(dir, `${i}.activity`)) ?? '', action: fromGt(ev.value[k], size) };
  });
  return { dir, layout: 'llamatouch-episode', size, steps };
}
