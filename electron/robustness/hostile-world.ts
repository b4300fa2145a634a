// Test helper: a dataset and a traces folder holding a FIFO, /dev/zero links, a link to a secret, a
// dangling link and a trace folder linked out of the traces folder (issue 28, findings 2, 3, 8).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEvalViewFixture } from '../core/evaluation/testing/eval-view-fixture';

/** Text of the file outside both folders that links point at: it must never come back. */
export const SECRET = 'TOP-SECRET-8d1f';

/** The fixture with one hostile file per episode (e5 stays good); `outside` is a folder out of both roots. */
export function hostileTraces(): { fx: ReturnType<typeof makeEvalViewFixture>; traces: string; outside: string } {
  const fx = makeEvalViewFixture(6, 1);
  const traces = fx.agents.complete!;
  const outside = mkdtempSync(join(tmpdir(), 'touchstone-outside-'));
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  const cd = (id: string, ...p: string[]): string => join(traces, id, 'captured_data', ...p);
  const replace = (file: string, make: () => void): void => { unlinkSync(file); make(); };
  // e0: the annotated step's activity is a FIFO, and a FIFO sits beside the trace (the content hasher's walk).
  replace(cd('e0', 'activity', '2.activity'), () => execFileSync('mkfifo', [cd('e0', 'activity', '2.activity')]));
  execFileSync('mkfifo', [join(traces, 'e0', 'notes.txt')]);
  // e1: the annotated step's hierarchy links to /dev/zero.
  replace(cd('e1', 'xml', '2.xml'), () => symlinkSync('/dev/zero', cd('e1', 'xml', '2.xml')));
  replace(cd('e1', 'view_hierarchy', '2.json'), () => symlinkSync('/dev/zero', cd('e1', 'view_hierarchy', '2.json')));
  // e2: an action and an activity link to a secret out of the folders.
  replace(cd('e2', 'action', '1.action'), () => symlinkSync(join(outside, 'secret.txt'), cd('e2', 'action', '1.action')));
  replace(cd('e2', 'activity', '2.activity'), () => symlinkSync(join(outside, 'secret.txt'), cd('e2', 'activity', '2.activity')));
  // e3: a dangling link.
  replace(cd('e3', 'activity', '2.activity'), () => symlinkSync(join(outside, 'gone.activity'), cd('e3', 'activity', '2.activity')));
  // e4: the whole trace folder is a link out of the traces folder.
  renameSync(join(traces, 'e4'), join(outside, 'e4'));
  symlinkSync(join(outside, 'e4'), join(traces, 'e4'));
  return { fx, traces, outside };
}

