import { describe, it, expect, afterAll } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { buildDatasetFromTrace18 } from '../core/datasets/test-dataset';
import type { CheckReport } from '../../shared/model';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const CLI = path.resolve(import.meta.dirname, '../cli.ts');
const cleanup: string[] = [];
afterAll(async () => {
  for (const d of cleanup) await rm(d, { recursive: true, force: true });
});

/** Runs the real CLI entry (TypeScript via tsx) and returns its exit code and output. */
function touchstone(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: path.resolve(import.meta.dirname, '../..') }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe.skipIf(!have)('touchstone dataset check (fixtures absent → skipped)', () => {
  it('reports a corrupt .ess, a truncated XML and a missing PNG with locations, exits non-zero, and loads the rest', async () => {
    const root = await buildDatasetFromTrace18(path.join(FIXTURES, 'llamatouch/episodes/trace_18'), [1, 2, 3, 4]);
    cleanup.push(root);
    await writeFile(path.join(root, 'general/trace_2/2.ess'), 'activity<0>|exact<1|click<3>\n');
    const xmlPath = path.join(root, 'general/trace_3/3.xml');
    const xml = await readFile(xmlPath, 'utf8');
    await writeFile(xmlPath, xml.slice(0, Math.floor(xml.length / 2)));
    await unlink(path.join(root, 'general/trace_4/1.png'));

    const text = await touchstone(['dataset', 'check', root]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('episodes: 4 (3 with errors)  steps: 20');
    expect(text.stdout).toMatch(/general\/trace_2\/2\.ess:1 \(step 2\): Malformed essential state/);
    expect(text.stdout).toMatch(/general\/trace_3\/3\.xml:\d+ \(step 3\): Truncated or malformed XML/);
    expect(text.stdout).toMatch(/general\/trace_4\/1\.png \(step 1\): Step 1 has no screenshot/);
    expect(text.stdout).toContain('fix: ');
    expect(text.stdout).not.toMatch(/general\/trace_1\//);

    const json = await touchstone(['dataset', 'check', root, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as CheckReport;
    expect(report.counts).toMatchObject({ episodes: 4, episodesWithErrors: 3, steps: 20, annotatedSteps: 3 });
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => [p.file, p.step])).toEqual(expect.arrayContaining([
      ['general/trace_2/2.ess', 2], ['general/trace_3/3.xml', 3], ['general/trace_4/1.png', 1],
    ]));
    expect(errors).toHaveLength(3);
  });

  it('exits 0 on a clean dataset and 2 on bad usage', async () => {
    const root = await buildDatasetFromTrace18(path.join(FIXTURES, 'llamatouch/episodes/trace_18'), [1]);
    cleanup.push(root);
    const ok = await touchstone(['dataset', 'check', root]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('0 error(s)');
    expect((await touchstone(['dataset', 'check'])).code).toBe(2);
    expect((await touchstone(['dataset', 'frobnicate', root])).code).toBe(2);
  });
});
