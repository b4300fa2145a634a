import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { numberComponents } from '../../../shared/formats/number-components';
import { serialiseComponentsJson } from '../../../shared/formats/components-json';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';

const TRACE_18 = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes', 'trace_18');
const have = existsSync(TRACE_18);

describe.skipIf(!have)(`annotation:load / annotation:save over a copy of trace_18${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let tmp: string;
  let root: string;
  let service: AppService;
  let datasetId: string;
  const at = (step: number) => ({ datasetId, path: 'trace_18', step });

  beforeAll(async () => {
    tmp = realpathSync(mkdtempSync(join(tmpdir(), 'touchstone-annot-')));
    root = join(tmp, 'ds');
    cpSync(TRACE_18, join(root, 'trace_18'), { recursive: true });
    rmSync(join(root, 'trace_18', '3.json')); // a step without numbers: saving must write them
    service = createAppService({ mode: 'web', stateDir: join(tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    datasetId = (await service.calls['dataset:open']({ path: root })).id;
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const file = (name: string) => join(root, 'trace_18', name);

  it('loads the stored line and versions; a step without i.ess has none', async () => {
    const two = await service.calls['annotation:load'](at(2));
    expect(two.ess).toBe(readFileSync(file('2.ess'), 'utf8').replace(/\n$/, ''));
    expect(two.base.ess).toMatch(/^[0-9a-f]{20}$/);
    expect(await service.calls['annotation:load'](at(3))).toEqual({ step: 3, ess: null, base: { ess: null, json: null } });
  });

  it('saves a new i.ess atomically and writes i.json numbered as `touchstone vh number` does', async () => {
    const { base } = await service.calls['annotation:load'](at(3));
    const saved = await service.calls['annotation:save']({ ...at(3), ess: 'activity<0>|exact<4>', base });
    expect(saved.written).toEqual(['trace_18/3.json', 'trace_18/3.ess']);
    expect(readFileSync(file('3.ess'), 'utf8')).toBe('activity<0>|exact<4>\n');
    const vh = parseUiautomatorXml(readFileSync(file('3.xml'), 'utf8'), '3.xml');
    if (!vh.ok) throw new Error('3.xml does not parse');
    expect(readFileSync(file('3.json'), 'utf8')).toBe(serialiseComponentsJson(numberComponents(vh.value), { trailingNewline: true }));
    expect(saved.hierarchy.ess?.map((i) => [i.raw, i.componentIds])).toEqual([['activity<0>', []], ['exact<4>', [4]]]);
    expect(saved.base.ess).not.toBeNull();
    expect(readdirSync(join(root, 'trace_18')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // The episode is read again: step 3 is annotated now.
    expect((await service.calls['episode:load']({ datasetId, path: 'trace_18' })).steps[3].ess).toBe('activity<0>|exact<4>');

    // The next save starts from the returned versions; an empty line removes i.ess (i.json stays: the numbers are still right).
    const again = await service.calls['annotation:save']({ ...at(3), ess: '', base: saved.base });
    expect(again).toMatchObject({ ess: null, written: [], removed: ['trace_18/3.ess'] });
    expect(existsSync(file('3.ess'))).toBe(false);
    expect(existsSync(file('3.json'))).toBe(true);
  });

  it('refuses to overwrite a file changed on disk since it was loaded (conflict, both versions named, nothing written)', async () => {
    const { base } = await service.calls['annotation:load'](at(2));
    writeFileSync(file('2.ess'), 'activity<0>|exact<2>\n'); // someone else's edit
    const err = await service.calls['annotation:save']({ ...at(2), ess: 'activity<0>|exact<1>|fuzzy<5>', base }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'conflict' });
    expect((err as Error).message).toMatch(/trace_18\/2\.ess changed on disk[\s\S]*On disk: activity<0>\|exact<2>[\s\S]*Yours: +activity<0>\|exact<1>\|fuzzy<5>/);
    expect(readFileSync(file('2.ess'), 'utf8')).toBe('activity<0>|exact<2>\n');
    // With the disk's versions, the save goes through.
    const fresh = await service.calls['annotation:load'](at(2));
    await service.calls['annotation:save']({ ...at(2), ess: 'activity<0>|exact<1>|fuzzy<5>', base: fresh.base });
    expect(readFileSync(file('2.ess'), 'utf8')).toBe('activity<0>|exact<1>|fuzzy<5>\n');
  });

  it('refuses a line that does not parse (located) and paths outside the dataset', async () => {
    const { base } = await service.calls['annotation:load'](at(1));
    await expect(service.calls['annotation:save']({ ...at(1), ess: 'exact<1|click<2>', base })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/trace_18\/1\.ess:1.*Malformed/) });
    await expect(service.calls['annotation:save']({ ...at(1), ess: 'a\nb', base })).rejects.toMatchObject({ code: 'bad-request' });
    await expect(service.calls['annotation:save']({ datasetId, path: '../..', step: 1, ess: 'activity<0>', base })).rejects.toMatchObject({ code: 'refused' });
    expect(existsSync(file('1.ess'))).toBe(false);
  });

  // Issue 28, finding 9: a save killed mid-write left `.N.ess.<pid>.<hex>.tmp` beside the annotations for good.
  it('a save sweeps the temps a killed save left in the episode folder; a running writer\'s is kept', async () => {
    // A folder no save of this process has touched yet (a folder is swept at most every 30 s).
    const other = join(tmp, 'ds-sweep');
    cpSync(TRACE_18, join(other, 'trace_18'), { recursive: true });
    const dir = join(other, 'trace_18');
    const dead = spawnSync(process.execPath, ['-e', `require('fs').writeFileSync(require('path').join(${JSON.stringify(dir)}, '.2.ess.' + process.pid + '.0123456789ab.tmp'), 'half')`]);
    expect(dead.status).toBe(0);
    const liveTemp = `.1.ess.${process.pid}.ba9876543210.tmp`;
    writeFileSync(join(dir, liveTemp), 'in flight');
    const id = (await service.calls['dataset:open']({ path: other })).id;
    const where = { datasetId: id, path: 'trace_18', step: 4 };
    const { base } = await service.calls['annotation:load'](where);
    await service.calls['annotation:save']({ ...where, ess: 'activity<0>', base });
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([liveTemp]);
  });

  // Issue 28, finding 8: each of these used to write a file (a stray N.ess, an .ess holding NUL) or crash (a 500).
  it.each([5, 999_999, 2 ** 53 - 1])('refuses step %d of the 5-step episode: no stray N.ess is written', async (step) => {
    const before = readdirSync(dirname(file('0.ess'))).sort();
    const err = await service.calls['annotation:save']({ ...at(step), ess: 'activity<0>', base: { ess: null, json: null } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'bad-request', message: expect.stringMatching(new RegExp(`Step ${step} is not in episode trace_18 \\(its steps are 0–4\\); nothing was saved`)) });
    expect(readdirSync(dirname(file('0.ess'))).sort()).toEqual(before);
  });

  it.each([
    ['step 2^53', { step: 2 ** 53 }, /step must be ≤ 9007199254740991/],
    ['base "x"', { base: 'x' }, /base must be an object, got "x"/],
    ['an .ess line holding NUL', { ess: 'activity<0>\u0000|exact<1>' }, /ess must not contain a NUL character/],
  ] as const)('refuses %s as invalid-argument naming the field, writing nothing', async (_label, over, message) => {
    const { base } = await service.calls['annotation:load'](at(1));
    const before = readdirSync(dirname(file('0.ess'))).sort();
    const args = { ...at(1), ess: 'activity<0>', base, ...over };
    await expect(service.calls['annotation:save'](args as never)).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(message) });
    expect(readdirSync(dirname(file('0.ess'))).sort()).toEqual(before);
  });
});

describe.skipIf(!have)(`reviews in touchstone-review.json${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  it('marks reviewed, returns with a comment, clears; only the review file changes', async () => {
    const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'touchstone-review-')));
    try {
      const root = join(tmp, 'ds');
      cpSync(TRACE_18, join(root, 'trace_18'), { recursive: true });
      const before = readdirSync(join(root, 'trace_18')).map((f) => [f, readFileSync(join(root, 'trace_18', f))] as const);
      const service = createAppService({ mode: 'web', stateDir: join(tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
      const { id } = await service.calls['dataset:open']({ path: root });
      expect(await service.calls['annotation:reviews']({ datasetId: id })).toEqual({});
      await expect(service.calls['annotation:review']({ datasetId: id, path: 'trace_18', status: 'returned', comment: ' ' })).rejects.toMatchObject({ code: 'bad-request' });
      const r = await service.calls['annotation:review']({ datasetId: id, path: 'trace_18', status: 'returned', comment: 'Step 2: click the lesson, not the path.' });
      expect(r['trace_18']).toMatchObject({ status: 'returned', comment: 'Step 2: click the lesson, not the path.' });
      await service.calls['annotation:review']({ datasetId: id, path: 'trace_18', status: 'reviewed' });
      expect(JSON.parse(readFileSync(join(root, 'touchstone-review.json'), 'utf8'))).toMatchObject({ format: 'touchstone-review', version: 1, tasks: { trace_18: { status: 'reviewed', comment: '' } } });
      expect(await service.calls['annotation:review']({ datasetId: id, path: 'trace_18', status: null })).toEqual({});
      // The LlamaTouch files are byte for byte what they were; the folder holds only the review file besides.
      for (const [f, bytes] of before) expect(readFileSync(join(root, 'trace_18', f)).equals(bytes)).toBe(true);
      expect(readdirSync(root).sort()).toEqual(['touchstone-review.json', 'trace_18']);
      writeFileSync(join(root, 'touchstone-review.json'), '{"tasks": ');
      await expect(service.calls['annotation:reviews']({ datasetId: id })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/touchstone-review\.json.*not valid JSON.*remove it/) });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
