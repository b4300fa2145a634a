import { describe, it, expect, afterAll } from 'vitest';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEpisode } from './load-episode';
import { readHumanLabelsFile, readTaskIndex, writeComponents, writeEpisodeStep, writeEventStructs, writeHumanLabelsFile, writeInstruction, writeTaskIndex } from './write-dataset';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const have = existsSync(FIXTURES);
const LT = path.join(FIXTURES, 'llamatouch');
const TRACE = path.join(LT, 'episodes/trace_18');
const temps: string[] = [];
afterAll(async () => {
  for (const d of temps) await rm(d, { recursive: true, force: true });
});
async function temp(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'touchstone-write-'));
  temps.push(d);
  return d;
}

describe.skipIf(!have)('writing LlamaTouch files (fixtures absent → skipped)', () => {
  it('rebuilds trace_18 from what was loaded, byte for byte, with no temp files left', async () => {
    const ep = await loadEpisode(path.join(LT, 'episodes'), 'trace_18');
    const root = await temp();
    const rel = 'general/trace_18';
    for (const s of ep.steps) {
      const read = (ext: string) => readFile(path.join(TRACE, `${s.index}.${ext}`));
      await writeEpisodeStep(root, rel, s.index, {
        png: await read('png'), xml: (await read('xml')).toString('utf8'), vh: (await read('vh')).toString('utf8'),
        activity: (await read('activity')).toString('utf8'), ...(s.components ? { json: s.components } : {}), ...(s.ess ? { ess: s.ess } : {}),
      });
    }
    await writeEventStructs(root, rel, ep.actions);
    await writeInstruction(root, rel, ep.id, ep.instruction ?? '');
    const written = (await readdir(path.join(root, rel))).sort();
    expect(written).toEqual((await readdir(TRACE)).sort());
    for (const f of written) expect((await readFile(path.join(root, rel, f))).equals(await readFile(path.join(TRACE, f))), f).toBe(true);
  });

  it('refuses an i.json rewrite that would move the component an .ess points at', async () => {
    const root = await temp();
    await cp(TRACE, path.join(root, 'ep'), { recursive: true });
    const list = (await loadEpisode(root, 'ep')).steps[2].components ?? [];
    const before = await readFile(path.join(root, 'ep/2.json'), 'utf8');
    const swapped = [list[1], list[0], ...list.slice(2)].map((c, i) => ({ ...c, id: i }));
    await expect(writeComponents(root, 'ep', 2, swapped)).rejects.toThrow(/Refusing to rewrite ep\/2\.json: 2\.ess item exact<1> points at component 1/);
    await expect(writeComponents(root, 'ep', 2, list.slice(0, 1))).rejects.toThrow(/exact<1>/);
    expect(await readFile(path.join(root, 'ep/2.json'), 'utf8')).toBe(before);
    await writeComponents(root, 'ep', 2, list.map((c) => (c.id === 5 ? { ...c, clickable: !c.clickable } : c))); // other components may change
    await writeComponents(root, 'ep', 2, swapped, { allowRenumber: true });
    expect(JSON.parse(await readFile(path.join(root, 'ep/2.json'), 'utf8'))[1].class).toBe(list[0].class);
  });

  it.each(['llamatouch_task_metadata.tsv', 'agentenv_llamatouch_task_metadata_with_login.tsv'])('%s reads and writes back byte for byte', async (name) => {
    const root = await temp();
    await copyFile(path.join(LT, name), path.join(root, name));
    const r = await readTaskIndex(root, name);
    if (!r.ok) throw new Error(r.problems[0].message);
    await writeTaskIndex(root, r.value, 'copy.tsv');
    expect((await readFile(path.join(root, 'copy.tsv'))).equals(await readFile(path.join(LT, name)))).toBe(true);
    expect((await readTaskIndex(root, 'missing.tsv')).ok).toBe(false);
  });

  it('keeps an existing eventStructs.txt final newline, and refuses to write outside the root', async () => {
    const root = await temp();
    await writeEventStructs(root, 'ep', [{ kind: 'home' }]);
    expect(await readFile(path.join(root, 'ep/eventStructs.txt'), 'utf8')).toBe('[Home]');
    await writeEpisodeStep(root, 'ep', 0, { activity: 'a/.B\n' });
    await writeEventStructs(root, 'ep', [{ kind: 'back' }, { kind: 'input', text: 'best buy, NYC' }]);
    expect(await readFile(path.join(root, 'ep/eventStructs.txt'), 'utf8')).toBe('[Back]\n[Input] best buy, NYC');
    await expect(writeInstruction(root, '../elsewhere', '1', 'x')).rejects.toThrow(/outside the opened folders/);
    await expect(writeEpisodeStep(root, '../../tmp/x', 0, { xml: '<hierarchy/>' })).rejects.toThrow(/outside the opened folders/);
    await expect(writeInstruction(root, 'ep', '1\n2', 'x')).rejects.toThrow(/one line/);
  });

  it('human labels: write, read back, and a missing file is a located problem', async () => {
    const root = await temp();
    const file = path.join(root, 'labels', 'human.csv');
    await writeHumanLabelsFile(file, [{ episode: '84143002711104077', completed: true }, { episode: '2', completed: false }]);
    expect(await readFile(file, 'utf8')).toBe('episode,human\n84143002711104077,1\n2,0\n');
    const r = await readHumanLabelsFile(file);
    expect(r.ok && r.value.map((l) => [l.episode, l.completed])).toEqual([['84143002711104077', true], ['2', false]]);
    const missing = await readHumanLabelsFile(path.join(root, 'nope.csv'));
    expect(missing.ok).toBe(false);
  });
});
