import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { makeEvalViewFixture, TRACE_18 } from '../core/evaluation/testing/eval-view-fixture';

const REPO = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!existsSync(TRACE_18))('touchstone eval --html (real process)', () => {
  const fx = makeEvalViewFixture(2, 2);
  afterAll(() => fx.cleanup());

  it('writes one offline report: the chart, the method table and the failure with its reason and screens', () => {
    const out = path.join(fx.base, 'report.html');
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval', '--dataset', fx.dataset, '--traces', fx.agents.cut!, '--human', fx.human, '--method', 'all', '--jobs', '1', '--quiet', '--html', out], { cwd: REPO, encoding: 'utf8', timeout: 90_000 });
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<svg');
    expect(html).toContain('<td>Step-wise</td>');
    expect(html).toContain('id="f-cut-e0"');
    expect(html).toMatch(/State 1 of 2 \(ground-truth step 2,/);
    expect(html).toMatch(/<img src="data:image\/jpeg;base64,[A-Za-z0-9+/]{100}/);
    expect(html).not.toMatch(/(src|href)="(https?:|\/)/);
    // The manifest: what produced the numbers, readable and as JSON.
    expect(html).toContain('<h2 id="manifest">Manifest</h2>');
    expect(html).toMatch(/<li>Touchstone \d+\.\d+\.\d+, /);
    expect(html).toContain(`<li>human labels ${fx.human} (`);
    expect(html).toContain('<li>mode: fixed</li>');
    expect(html).toMatch(/&quot;annotation&quot;: &quot;[0-9a-f]{40}&quot;/);
  }, 100_000);
});
