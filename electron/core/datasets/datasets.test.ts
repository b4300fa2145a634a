import { describe, it, expect, afterAll } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile, rm, unlink, writeFile, readdir, mkdtemp, cp, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDataset, loadEpisode, readStepHierarchy, writeEss, writeComponents, checkDataset, readExecutionTrace, writeExecutionTraceStep, writeInstalledApps } from './index';
import { buildDatasetFromTrace18 } from './testing/build-dataset';
import { makeEssItem, makeEssentialState } from '../../../shared/formats/ess';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const have = existsSync(FIXTURES);
const TRACE = path.join(FIXTURES, 'llamatouch/episodes/trace_18');
const cleanup: string[] = [];
afterAll(async () => {
  for (const d of cleanup) await rm(d, { recursive: true, force: true });
});
async function dataset(n: number[]): Promise<string> {
  const root = await buildDatasetFromTrace18(TRACE, n);
  cleanup.push(root);
  return root;
}

describe.skipIf(!have)('datasets core on real files (fixtures absent → skipped)', () => {
  it('loads trace_18 in place with all five steps, actions, activities, components and its .ess', async () => {
    const ep = await loadEpisode(path.join(FIXTURES, 'llamatouch/episodes'), 'trace_18');
    expect(ep.id).toBe('18');
    expect(ep.instruction).toBe('Practice pronunciation in French in Duolingo.');
    expect(ep.steps).toHaveLength(5);
    expect(ep.actions.map((a) => a.kind)).toEqual(['home', 'click', 'click', 'click']);
    expect(ep.steps.map((s) => s.action?.kind)).toEqual(['home', 'click', 'click', 'click', undefined]);
    expect(ep.steps.map((s) => s.components?.length)).toEqual([30, 22, 35, 37, 18]);
    expect(ep.steps[2].activity).toBe('com.duolingo/com.duolingo.app.LoginActivity');
    expect(ep.steps.every((s) => s.files.png && s.files.xml && s.files.vh && s.files.json)).toBe(true);
    expect(ep.steps.filter((s) => s.ess).map((s) => s.index)).toEqual([2]);
    const click = ep.steps[2].ess?.items[2];
    expect(click?.kind === 'click' && 'xpath' in click.target).toBe(true);
    expect(ep.problems).toEqual([]);
    const vh = await readStepHierarchy(path.join(FIXTURES, 'llamatouch/episodes'), 'trace_18', 4);
    expect(vh.source).toBe('droidbot');
  });

  it('opens a dataset by its index, reports progress, and finds episodes by scanning without one', async () => {
    const root = await dataset([1, 2, 3]);
    const progress: number[] = [];
    const s = await openDataset(root, { onProgress: (d) => progress.push(d) });
    expect(s.indexFile).toBe('llamatouch_task_metadata.tsv');
    expect(s.episodes.map((e) => [e.id, e.path, e.stepsFound, e.annotatedSteps])).toEqual([
      ['1001', 'general/trace_1', 5, [2]], ['1002', 'general/trace_2', 5, [2]], ['1003', 'general/trace_3', 5, [2]],
    ]);
    expect(progress.sort()).toEqual([1, 2, 3]);
    await unlink(path.join(root, 'llamatouch_task_metadata.tsv'));
    const scanned = await openDataset(root);
    expect(scanned.indexFile).toBeNull();
    expect(scanned.episodes.map((e) => [e.id, e.path, e.nsteps])).toEqual([['1001', 'general/trace_1', 5], ['1002', 'general/trace_2', 5], ['1003', 'general/trace_3', 5]]);
  });

  it('stops when aborted', async () => {
    const root = await dataset([1, 2]);
    const ctl = new AbortController();
    ctl.abort();
    await expect(openDataset(root, { signal: ctl.signal })).rejects.toThrow();
  });

  it('writes .ess and i.json atomically, byte-stable, and refuses paths outside the root', async () => {
    const root = await dataset([1]);
    const ep = await loadEpisode(root, 'general/trace_1');
    const original = await readFile(path.join(root, 'general/trace_1/2.json'), 'utf8');
    await writeComponents(root, 'general/trace_1', 2, ep.steps[2].components ?? []);
    expect(await readFile(path.join(root, 'general/trace_1/2.json'), 'utf8')).toBe(original);
    await writeEss(root, 'general/trace_1', 3, makeEssentialState([makeEssItem({ kind: 'activity' }), makeEssItem({ kind: 'exact', target: { index: 2 } })]));
    expect(await readFile(path.join(root, 'general/trace_1/3.ess'), 'utf8')).toBe('activity<0>|exact<2>\n');
    expect((await readdir(path.join(root, 'general/trace_1'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const again = await loadEpisode(root, 'general/trace_1');
    expect(again.steps.filter((s) => s.ess).map((s) => s.index)).toEqual([2, 3]);
    await expect(writeEss(root, '../outside', 0, again.steps[2].ess ?? makeEssentialState([]))).rejects.toThrow(/outside the opened folders/);
    await expect(loadEpisode(root, '../../etc')).rejects.toThrow(/outside the opened folders/);
    await expect(loadEpisode(root, 'general/trace_99')).rejects.toThrow(/Episode folder general\/trace_99 cannot be read/);
  });

  it('derives components from i.vh, else i.xml, when i.json is missing', async () => {
    const root = await dataset([1]);
    const dir = path.join(root, 'general/trace_1');
    await unlink(path.join(dir, '1.json'));
    await unlink(path.join(dir, '4.json'));
    await unlink(path.join(dir, '4.vh'));
    const ep = await loadEpisode(root, 'general/trace_1');
    expect(ep.steps[1].components?.length).toBe(22);
    expect(ep.steps[1].components?.[0].xpath).toMatch(/^\/hierarchy\//);
    expect([ep.steps[0].componentsDerived, ep.steps[1].componentsDerived, ep.steps[4].componentsDerived]).toEqual([undefined, true, true]);
    expect(ep.steps[4].components?.length).toBe(18);
  });

  it('an unreadable file (a folder named 2.ess or instruction.txt) is located on its episode and never stops the rest', async () => {
    const root = await dataset([1, 2, 3]);
    await unlink(path.join(root, 'general/trace_2/2.ess'));
    await mkdir2(path.join(root, 'general/trace_2/2.ess'));
    await unlink(path.join(root, 'general/trace_3/instruction.txt'));
    await mkdir2(path.join(root, 'general/trace_3/instruction.txt'));
    await unlink(path.join(root, 'llamatouch_task_metadata.tsv')); // scanning reads instruction.txt too
    const s = await openDataset(root);
    expect(s.episodes.map((e) => e.path)).toEqual(['general/trace_1', 'general/trace_2', 'general/trace_3']);
    expect(s.episodes[0].problems).toEqual([]);
    expect(s.episodes[1].problems).toEqual([expect.objectContaining({ severity: 'error', file: 'general/trace_2/2.ess', step: 2, message: expect.stringMatching(/is a folder/) })]);
    expect(s.episodes[2]).toMatchObject({ stepsFound: 5, problems: [expect.objectContaining({ severity: 'error', file: 'general/trace_3/instruction.txt', message: expect.stringMatching(/it is a folder/) })] });
    const ep = await loadEpisode(root, 'general/trace_2');
    expect(ep.steps).toHaveLength(5);
    expect(ep.problems).toEqual([expect.objectContaining({ file: 'general/trace_2/2.ess', step: 2 })]);
    const r = await checkDataset(root);
    expect(r.counts).toMatchObject({ episodes: 3, episodesWithErrors: 2, steps: 15 });
  });

  it('checks a clean dataset without errors', async () => {
    const root = await dataset([1, 2]);
    const r = await checkDataset(root);
    expect(r.counts).toMatchObject({ episodes: 2, episodesWithErrors: 0, steps: 10, annotatedSteps: 2, essItems: 6, errors: 0 });
  });

  it('writes and reads an execution trace in the captured_data layout', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'touchstone-trace-'));
    cleanup.push(dir);
    const png = await readFile(path.join(TRACE, '0.png'));
    const xml = await readFile(path.join(TRACE, '0.xml'), 'utf8');
    await writeExecutionTraceStep(dir, 0, { screenshot: png, xml, activity: 'com.duolingo/.app.LoginActivity', action: { kind: 'type', text: 'Good Burger, NYC', screen: { width: 1080, height: 2400 } } });
    await writeExecutionTraceStep(dir, 1, { screenshot: png, action: { kind: 'complete', screen: { width: 1080, height: 2400 } } });
    await writeInstalledApps(dir, ['com.duolingo', 'com.android.settings']);
    const t = await readExecutionTrace(dir);
    expect(t.steps.map((s) => s.action.kind)).toEqual(['type', 'complete']);
    expect(t.steps[0].action).toMatchObject({ text: 'Good Burger, NYC' });
    expect(t.steps[0].activity).toBe('com.duolingo/.app.LoginActivity');
    expect(t.steps[0].xml && (await readFile(t.steps[0].xml, 'utf8'))).toBe(xml);
    expect(t.installedApps).toEqual(['com.duolingo', 'com.android.settings']);
    expect(t.problems).toEqual([]);
  });

  it('reads the upstream test-asset action files as a trace', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'touchstone-trace-'));
    cleanup.push(dir);
    await cp(path.join(FIXTURES, 'llamatouch/test-asset'), path.join(dir, 'captured_data/action'), { recursive: true });
    await mkdir2(path.join(dir, 'captured_data/xml'));
    for (const f of ['1.xml', '2.xml']) await rename(path.join(dir, 'captured_data/action', f), path.join(dir, 'captured_data/xml', f));
    await writeFile(path.join(dir, 'note.txt'), 'x');
    const t = await readExecutionTrace(dir);
    expect(t.steps.map((s) => s.action.kind)).toEqual(['swipe', 'click', 'type', 'complete']);
    expect(t.steps.filter((s) => s.xml).map((s) => s.index)).toEqual([1, 2]);
  });
});

async function mkdir2(p: string): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(p, { recursive: true });
}
