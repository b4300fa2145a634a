import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import type { JobEvents } from '../../../shared/contract/job';
import { ScreenTextService } from './screen-text';
import { appChoices, INSTALLED_APPS } from './app-choices';

const TRACE_18 = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes', 'trace_18');
const have = existsSync(TRACE_18);

describe.skipIf(!have)(`annotation:ocr on a real screenshot of trace_18${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let tmp: string;
  let service: AppService;
  let datasetId: string;
  const events: { name: string; body: unknown }[] = [];

  beforeAll(async () => {
    tmp = realpathSync(mkdtempSync(join(tmpdir(), 'touchstone-ocr-')));
    cpSync(TRACE_18, join(tmp, 'ds', 'trace_18'), { recursive: true });
    service = createAppService({ mode: 'web', stateDir: join(tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    service.subscribe((name, body) => events.push({ name, body }));
    datasetId = (await service.calls['dataset:open']({ path: join(tmp, 'ds') })).id;
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('reads the text of step 4 with PP-OCR as an ocr job, and caches it by content hash beside the state', async () => {
    const out = await service.calls['annotation:ocr']({ datasetId, path: 'trace_18', step: 4, jobId: 'ocr-test-1' });
    expect(out.cached).toBe(false);
    expect(out.image).toEqual({ width: 1080, height: 2400 });
    const check = out.lines.find((l) => l.text === 'CHECK');
    expect(check, out.lines.map((l) => l.text).join(' | ')).toBeDefined();
    // The CHECK button sits in the bottom part of the Duolingo screen.
    expect(check!.box.y1).toBeGreaterThan(1800);
    expect(out.lines.some((l) => l.text.includes('Select the correct image'))).toBe(true);
    const done = events.filter((e) => e.name === 'job:done').map((e) => e.body as JobEvents['job:done']);
    expect(done).toContainEqual({ jobId: 'ocr-test-1', kind: 'ocr', ok: true });

    const cacheDir = join(tmp, 'state', 'ocr-cache');
    expect(readdirSync(cacheDir)).toEqual([`${out.hash}.json`]); // no temp file left behind
    const again = await service.calls['annotation:ocr']({ datasetId, path: 'trace_18', step: 4 });
    expect(again).toEqual({ ...out, cached: true });
  }, 60_000);

  it('a new process reuses the disk cache without running OCR; a changed screenshot is read again', async () => {
    const failing = () => Promise.reject(new Error('the OCR must not run'));
    const dir = join(tmp, 'state', 'ocr-cache');
    const fresh = new ScreenTextService(dir, failing);
    const hit = await fresh.ofStep(join(tmp, 'ds'), 'trace_18', 4);
    expect(hit.cached).toBe(true);
    expect(hit.lines.some((l) => l.text === 'CHECK')).toBe(true);
    await expect(fresh.ofStep(join(tmp, 'ds'), 'trace_18', 3)).rejects.toThrow(/OCR of .*3\.png failed: the OCR must not run/);
    // A corrupt cache file is not trusted: it is recognised again (and here that fails loudly).
    writeFileSync(join(dir, `${hit.hash}.json`), '{"format":"touchstone-ocr"');
    await expect(fresh.ofStep(join(tmp, 'ds'), 'trace_18', 4)).rejects.toThrow(/failed/);
  });

  it('recognition runs on a worker thread: the thread answering the UI keeps running meanwhile', async () => {
    let last = performance.now();
    let worst = 0;
    const iv = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    const t0 = performance.now();
    const out = await service.calls['annotation:ocr']({ datasetId, path: 'trace_18', step: 1 });
    const took = performance.now() - t0;
    clearInterval(iv);
    expect(out.cached).toBe(false);
    expect(out.lines.some((l) => l.text === 'Calculator')).toBe(true);
    // In-process, this thread stood still for the whole recognition (seconds); now it only waits on messages.
    expect(worst, `longest stall ${Math.round(worst)} ms of ${Math.round(took)} ms`).toBeLessThan(Math.max(400, took / 10));
  }, 60_000);

  it('a step without a screenshot gets an error naming the file and the step', async () => {
    await expect(service.calls['annotation:ocr']({ datasetId, path: 'trace_18', step: 9 })).rejects.toThrow(/Step 9 of trace_18 has no screenshot \(.*9\.png is missing\)/);
  });
});

describe('annotation:apps: the app picker over the app table and the recording', () => {
  it('lists the recording\'s installed packages first (by table name when known), then the table', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'touchstone-apps-'));
    try {
      mkdirSync(join(tmp, 'ep', 'installed_apps'), { recursive: true });
      writeFileSync(join(tmp, 'ep', INSTALLED_APPS), 'package:com.ebay.mobile\npackage:org.example.notes\n');
      writeFileSync(join(tmp, 'table.json'), JSON.stringify({ $comment: 'x', ebay: 'com.ebay.mobile', Booking: 'com.booking', 'bad<name>': 'x.y' }));
      const apps = await appChoices(tmp, 'ep', join(tmp, 'table.json'));
      expect(apps).toEqual([
        { name: 'ebay', package: 'com.ebay.mobile', source: 'trace' },
        { name: 'org.example.notes', package: 'org.example.notes', source: 'trace' },
        { name: 'Booking', package: 'com.booking', source: 'table' },
      ]);
      writeFileSync(join(tmp, 'table.json'), '{ nope');
      await expect(appChoices(tmp, 'ep', join(tmp, 'table.json'))).rejects.toThrow(/table\.json is not valid JSON/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('offers the shipped resources/app-packages.json', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'touchstone-apps-'));
    try {
      mkdirSync(join(tmp, 'ep'));
      const apps = await appChoices(tmp, 'ep');
      const table = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../resources/app-packages.json'), 'utf8')) as Record<string, string>;
      expect(apps.length).toBeGreaterThan(10);
      expect(apps).toContainEqual({ name: 'ebay', package: table.ebay, source: 'table' });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
