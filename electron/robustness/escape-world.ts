/**
 * A folder layout for root-escape tests: a `--root` holding datasets whose
 * index rows, episode folders and every per-step file try to lead outside
 * (relative paths, `..`, absolute paths, symlinked files and folders), next
 * to an outside folder and a working directory full of a canary string that
 * must never appear in any reply.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface EscapeWorld {
  base: string;
  /** The --root (real path). */
  root: string;
  /** A folder outside the root, full of canaries. */
  outside: string;
  /** The working directory the server runs in (outside the root, canaries too). */
  cwd: string;
  canary: string;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');

/** A view hierarchy in each form whose only text is `text`. */
function hierarchy(text: string): { xml: string; vh: string; json: string } {
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="${text}" class="android.widget.TextView" package="p" content-desc="" clickable="true" bounds="[0,0][16,16]" /></hierarchy>`,
    vh: JSON.stringify([{ class: 'android.widget.TextView', text, bounds: [[0, 0], [16, 16]], parent: -1, children: [], temp_id: 0, clickable: true, visible: true }]),
    json: JSON.stringify([{ id: 0, class: 'android.widget.TextView', text, 'resource-id': '', 'content-desc': '', bounds: '[0,0][16,16]', clickable: true }]),
  };
}

/** Writes one episode; `link` names the files that become symlinks to the outside copies instead. */
function episode(dir: string, outside: string, text: string, link: readonly string[] = []): void {
  mkdirSync(dir, { recursive: true });
  const h = hierarchy(text);
  const contents: Record<string, string | Buffer> = {
    '0.png': PNG, '0.xml': h.xml, '0.vh': h.vh, '0.json': h.json, '0.activity': `com.example/.${text}`, '0.ess': `exact<0>`,
    'instruction.txt': `ep-${text}\nOpen ${text}`, 'eventStructs.txt': '',
  };
  for (const [name, data] of Object.entries(contents)) {
    if (link.includes(name)) symlinkSync(join(outside, name), join(dir, name));
    else writeFileSync(join(dir, name), data);
  }
}

export function buildEscapeWorld(): EscapeWorld {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'touchstone-escape-')));
  const canary = `CANARY${randomBytes(6).toString('hex')}`;
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  const cwd = join(base, 'cwd');
  const index = (rows: string[]): string => ['episode\tcategory\tpath\tdescription\tnsteps\tapp', ...rows].join('\n') + '\n';

  // Outside: an episode of canaries, a canary index, loose canary files named like step files.
  episode(outside, outside, canary);
  writeFileSync(join(outside, 'llamatouch_task_metadata.tsv'), index([`${canary}\tgeneral\t.\t${canary}\t1\t${canary}`]));
  writeFileSync(join(outside, 'secret.png'), Buffer.concat([PNG, Buffer.from(canary)]));
  writeFileSync(join(outside, 'labels.csv'), `episode,human\n${canary},1\n`);
  writeFileSync(join(outside, '0.action'), `CLICK|[1, 1]|${canary}|1080|2400\n`);
  writeFileSync(join(outside, 'installed_apps.txt'), `package:${canary}\n`);
  mkdirSync(cwd);
  episode(join(cwd, 'general', 'ep'), outside, canary);
  writeFileSync(join(cwd, 'llamatouch_task_metadata.tsv'), index([`${canary}\tgeneral\tgeneral/ep\t${canary}\t1\t${canary}`]));

  // Inside: a dataset whose index rows try every way out, and episodes whose files link out.
  const ds = join(root, 'ds');
  episode(join(ds, 'general', 'ok'), outside, 'fine');
  episode(join(ds, 'general', 'links'), outside, 'fine', ['0.png', '0.xml', '0.vh', '0.json', '0.activity', '0.ess', 'instruction.txt', 'eventStructs.txt']);
  episode(join(ds, 'general', 'xml-link'), outside, 'fine', ['0.xml', '0.vh', '0.json']); // hierarchy only from outside
  symlinkSync(outside, join(ds, 'general', 'folder-link'));
  writeFileSync(join(ds, 'llamatouch_task_metadata.tsv'), index([
    'ok\tgeneral\tgeneral/ok\tfine\t1\tapp',
    'links\tgeneral\tgeneral/links\tfine\t1\tapp',
    'xml-link\tgeneral\tgeneral/xml-link\tfine\t1\tapp',
    'up\tgeneral\t../../outside\tup\t1\tapp',
    'abs\tgeneral\t' + outside + '\tabs\t1\tapp',
    'folder-link\tgeneral\tgeneral/folder-link\tfl\t1\tapp',
    'dotdot-inside\tgeneral\tgeneral/../general/ok\tfine\t1\tapp',
  ]));
  // A dataset whose index itself is a symlink out, and a dataset folder that is one.
  mkdirSync(join(root, 'linked-index'));
  symlinkSync(join(outside, 'llamatouch_task_metadata.tsv'), join(root, 'linked-index', 'llamatouch_task_metadata.tsv'));
  symlinkSync(outside, join(root, 'linked-dataset'));
  mkdirSync(join(root, '%2e%2e'));

  // Traces and labels (read by the core outside the two transports' calls).
  const trace = join(root, 'traces', 'ep');
  for (const kind of ['action', 'activity', 'screenshot', 'xml']) mkdirSync(join(trace, 'captured_data', kind), { recursive: true });
  mkdirSync(join(trace, 'installed_apps'));
  symlinkSync(join(outside, '0.action'), join(trace, 'captured_data', 'action', '0.action'));
  symlinkSync(join(outside, '0.activity'), join(trace, 'captured_data', 'activity', '0.activity'));
  symlinkSync(join(outside, 'secret.png'), join(trace, 'captured_data', 'screenshot', '0.png'));
  symlinkSync(join(outside, '0.xml'), join(trace, 'captured_data', 'xml', '0.xml'));
  symlinkSync(join(outside, 'installed_apps.txt'), join(trace, 'installed_apps', 'installed_apps.txt'));
  symlinkSync(join(outside, 'labels.csv'), join(root, 'labels.csv'));

  // A clean dataset and an agent's traces for it, so calls that need an open evaluation (eval:export) reach their path check.
  const evalds = join(root, 'evalds');
  episode(join(evalds, 'general', 'ok'), outside, 'fine');
  writeFileSync(join(evalds, 'llamatouch_task_metadata.tsv'), index(['ok\tgeneral\tgeneral/ok\tfine\t1\tapp']));
  const clean = join(root, 'clean-traces', 'ok', 'captured_data');
  const h = hierarchy('fine');
  for (const [kind, name, data] of [['screenshot', '0.png', PNG], ['xml', '0.xml', h.xml], ['activity', '0.activity', 'com.example/.fine'], ['action', '0.action', 'BACK|NULL|NULL|1080|2400\n']] as const) {
    mkdirSync(join(clean, kind), { recursive: true });
    writeFileSync(join(clean, kind, name), data);
  }
  // Files only the working directory has: a relative path must never reach them (issue 28, finding 1).
  writeFileSync(join(cwd, 'important.txt'), 'keep me\n');
  return { base, root, outside, cwd, canary };
}
