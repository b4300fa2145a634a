import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { datasetCheckpointTasks } from './checkpoint-method';
import { loadCheckpointCase, saveCheckpointCase } from './checkpoint-file';
import { describeIssues } from '../../kernel/dispatch';
import { EVALUATION_ARGS } from '../../../shared/contract/evaluation';

const root = mkdtempSync(path.join(tmpdir(), 'touchstone-cpfile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = path.join(root, 'checkpoints.json');
const edit = { query: 'Open the shop.', apps: ['Shop'], package: ['com.touchstone.shop'], phrase: ['["&", "Coffee", "Cart"]'], api: [] as string[] };

describe('the CheckPoints file beside the dataset (annotation view)', () => {
  it('no file: an empty case with a null version; the first save creates the file, read back by --method checkpoints', async () => {
    const first = await loadCheckpointCase(root, 'demo19');
    expect(first).toEqual({ file: 'checkpoints.json', version: null, edit: null, others: 0, problems: [] });
    const saved = await saveCheckpointCase(root, 'demo19', edit, null);
    expect(saved.edit).toEqual({ ...edit, phrase: ['["&","Coffee","Cart"]'] });
    expect(datasetCheckpointTasks(root).tasks.demo19!.checkpoints.phrase).toEqual([{ kind: 'all', of: [{ kind: 'leaf', value: 'Coffee' }, { kind: 'leaf', value: 'Cart' }] }]);
    // A second save with the stale version (null) conflicts and writes nothing.
    const text = readFileSync(file, 'utf8');
    await expect(saveCheckpointCase(root, 'demo19', { ...edit, query: 'x' }, null)).rejects.toThrow(/changed on disk since the CheckPoints of demo19 were loaded; nothing was saved/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('bad input is refused with what to do; an emptied case is removed, the file kept for the others', async () => {
    const v = (await loadCheckpointCase(root, 'demo19')).version;
    await expect(saveCheckpointCase(root, 'demo19', { ...edit, api: ['["|"]'] }, v)).rejects.toThrow(/CheckPoints\.API\[0\] is an empty group; ignored\. Nothing was saved\./);
    // Shapes are the contract's: dispatch refuses them before the handler runs, naming the field.
    const save = EVALUATION_ARGS['checkpoints:save'].safeParse({ datasetId: 'd', episode: 'demo19', edit: { ...edit, package: 'com.x' }, base: v });
    expect(save.success ? '' : describeIssues('checkpoints:save', save.error.issues)).toMatch(/checkpoints:save: edit\.package/);
    const load = EVALUATION_ARGS['checkpoints:load'].safeParse({ datasetId: 'd', episode: ' ' });
    expect(load.success ? '' : describeIssues('checkpoints:load', load.error.issues)).toMatch(/checkpoints:load: episode/);
    const other = await saveCheckpointCase(root, 'demo10', { query: 'Notes', apps: [], package: ['com.touchstone.notes'], phrase: [], api: [] }, v);
    expect(other.others).toBe(1);
    const gone = await saveCheckpointCase(root, 'demo19', { query: '', apps: [], package: [], phrase: [], api: [] }, other.version);
    expect([gone.edit, gone.others]).toEqual([null, 1]);
    expect(Object.keys(datasetCheckpointTasks(root).tasks)).toEqual(['demo10']);
    writeFileSync(file, '{not json');
    const broken = await loadCheckpointCase(root, 'demo10');
    expect(broken.problems[0]).toMatch(/Not valid JSON/);
    await expect(saveCheckpointCase(root, 'demo10', edit, broken.version)).rejects.toThrow(/cannot be read .*fix or remove it first/);
    expect(existsSync(file)).toBe(true);
  });
});
