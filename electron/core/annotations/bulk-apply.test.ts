import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEss, serialiseEss } from '../../../shared/formats/ess';
import { createDemoDataset } from '../demo/create-demo';
import { openDataset } from '../datasets/open-dataset';
import { applyBulk, previewBulkApply, undoBulkApply } from './bulk-apply';
import { previewCopyState } from './copy-state';

// The demo dataset (24 tasks, recorded on the in-process virtual phone): every task starts on the
// launcher, whose clock (com.google.android.apps.nexuslauncher:id/clock) is on step 0 of each.
let tmp: string;
let root: string;
let episodes: string[];

/** Every annotation file of the dataset and its bytes (what an undo must give back). */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(root, { recursive: true }).map(String)) if (/\/\d+\.(ess|json)$/.test(f)) out.set(f, readFileSync(join(root, f), 'utf8'));
  return out;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'touchstone-bulk-'));
  root = join(tmp, 'demo');
  await createDemoDataset({ out: root, traces: false, transport: 'in-process' });
  episodes = (await openDataset(root)).episodes.map((e) => e.path);
}, 300_000);
afterAll(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

describe('applying an item to the same component on many steps of the 24-task demo dataset', () => {
  it('previews N changes, writes exactly those N, each .ess round-trips byte-exact, and one undo takes them all back', async () => {
    expect(episodes).toHaveLength(24);
    const src = { path: 'general/trace_demo01', step: 0 };
    const clock = (JSON.parse(readFileSync(join(root, src.path, '0.json'), 'utf8')) as { id: number; 'resource-id': string }[]).find((c) => c['resource-id'].endsWith(':id/clock'))!;
    // One step already has the item: it is listed as skipped, not written twice.
    writeFileSync(join(root, 'general/trace_demo02/0.ess'), `regex<${clock.id}:\\d{1,2}:\\d{2}>\n`);
    const before = snapshot();
    const preview = await previewBulkApply(root, src, `regex<${clock.id}:\\d{1,2}:\\d{2}>`, 'resource-id', 'dataset', episodes);
    expect(preview.changes.length).toBe(22);
    expect(preview.skipped).toEqual([{ path: 'general/trace_demo02', step: 0, reason: 'already has it' }]);
    expect(new Set(preview.changes.map((c) => c.path)).size).toBe(22);
    expect(snapshot()).toEqual(before); // a preview writes nothing

    const applied = await applyBulk(root, preview.changes);
    expect(applied.written).toBe(preview.changes.length);
    for (const c of preview.changes) {
      const file = join(root, c.path, `${c.step}.ess`);
      const text = readFileSync(file, 'utf8');
      expect(text).toBe(`${c.after}\n`);
      const parsed = parseEss(text, file);
      expect(parsed.ok, file).toBe(true);
      if (parsed.ok) expect(serialiseEss(parsed.value)).toBe(text);
      expect(text).toContain(`regex<${c.component}:`);
    }

    const undone = await undoBulkApply(root, applied.applied);
    expect(undone.restored).toBe(preview.changes.length);
    expect(snapshot()).toEqual(before);
  });

  it('is all or nothing: a step changed after the preview makes the apply write nothing and name that step', async () => {
    const src = { path: 'general/trace_demo01', step: 0 };
    const before = snapshot();
    const preview = await previewBulkApply(root, src, 'exact<0>', 'resource-id', 'dataset', episodes);
    const late = preview.changes[10]!;
    writeFileSync(join(root, late.path, `${late.step}.ess`), 'activity<0>\n');
    const changed = snapshot();
    await expect(applyBulk(root, preview.changes)).rejects.toThrow(new RegExp(`step ${late.step} of ${late.path}.*none of the ${preview.changes.length} changes was kept`, 's'));
    expect(snapshot()).toEqual(changed);
    rmSync(join(root, late.path, `${late.step}.ess`));
    expect(snapshot()).toEqual(before);
  });

  it('copies a state to another step, moving component items to the same component there', async () => {
    const from = { path: 'general/trace_demo01', step: 1 };
    expect(readFileSync(join(root, from.path, '1.ess'), 'utf8')).toBe('activity<0>|exact<4>\n');
    const preview = await previewCopyState(root, from, [{ path: 'general/trace_demo02', step: 1 }, { path: 'webshopping/trace_demo18', step: 1 }]);
    expect(preview.changes.length + preview.skipped.length).toBe(2);
    const applied = await applyBulk(root, preview.changes);
    for (const c of preview.changes) {
      const text = readFileSync(join(root, c.path, `${c.step}.ess`), 'utf8');
      const p = parseEss(text, c.path);
      expect(p.ok && serialiseEss(p.value) === text).toBe(true);
      expect(text).toContain('activity<0>');
    }
    await undoBulkApply(root, applied.applied);
    expect(existsSync(join(root, 'general/trace_demo01/1.ess'))).toBe(true);
  });
});
