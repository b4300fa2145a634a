/**
 * The root-escape table: every call and the file route, with every way out
 * of the root, run against a transport (HTTP/WebSocket of `serve`, or the
 * IPC handlers). No reply may carry the canary, whatever its status.
 */
import { expect } from 'vitest';
import type { EscapeWorld } from './escape-world';
import type { Tally } from './tally';

export interface Reply { ok: boolean; code?: string; value?: unknown; text: string }

export interface Transport {
  call(name: string, args: unknown): Promise<Reply>;
  /** GET of a screenshot: `rawRel` is put in the URL as given (already encoded). */
  file(datasetId: string, rawRel: string): Promise<{ status: number; text: string }>;
}

type Expect = 'ok' | 'refused' | 'not-ok';

/** A 200 that is the app's own HTML page (the single-page fallback), not a file. */
const APP_PAGE = -200;

function check(w: EscapeWorld, label: string, r: Reply, want: Expect): void {
  expect(r.text, `${label}: the reply carries the canary`).not.toContain(w.canary);
  if (want === 'ok') expect(r.ok, `${label}: ${r.text.slice(0, 300)}`).toBe(true);
  else if (want === 'refused') expect({ ok: r.ok, code: r.code }, `${label}: ${r.text.slice(0, 300)}`).toEqual({ ok: false, code: 'refused' });
  else expect(r.ok, `${label}: ${r.text.slice(0, 300)}`).toBe(false);
}

/** Runs the whole table; returns the number of cases. */
export async function runEscapeTable(t: Transport, w: EscapeWorld, cases: Tally): Promise<void> {
  const opens: Array<[string, Expect]> = [
    ['..', 'refused'], ['../outside', 'refused'], [w.outside, 'refused'], ['ds/../../outside', 'refused'], ['../cwd', 'refused'],
    ['linked-dataset', 'refused'], [`${w.root}/../outside`, 'refused'], ['%2e%2e', 'ok'], ['linked-index', 'ok'], ['ds/general/folder-link', 'refused'],
  ];
  for (const [path, want] of opens) {
    check(w, `dataset:open ${path}`, await t.call('dataset:open', { path }), want);
    cases.add('dataset:open');
  }
  // A relative path is taken from the first root, for the check and the open alike: "." is the root, never the working directory.
  const dot = await t.call('dataset:open', { path: '.' });
  check(w, 'dataset:open .', dot, 'ok');
  expect((dot.value as { root: string }).root).toBe(w.root);
  const linkedIndex = await t.call('dataset:open', { path: 'linked-index' });
  expect((linkedIndex.value as { tasks: unknown[] }).tasks).toEqual([]);
  cases.add('dataset:open', 2);

  const ds = await t.call('dataset:open', { path: 'ds' });
  check(w, 'dataset:open ds', ds, 'ok');
  const overview = ds.value as { id: string; tasks: Array<{ episode: string; errors: number; problems: Array<{ message: string }> }> };
  const byId = new Map(overview.tasks.map((x) => [x.episode, x]));
  for (const id of ['up', 'abs', 'folder-link']) expect(byId.get(id)?.problems.map((p) => p.message).join(' '), `index row ${id}`).toMatch(/refused/);
  expect(byId.get('ok')?.errors).toBe(0);
  cases.add('index rows', 7);
  const id = overview.id;

  const loads: Array<[string, Expect]> = [
    ['general/ok', 'ok'], ['general/links', 'ok'], ['general/xml-link', 'ok'], ['general/../general/ok', 'ok'],
    ['general/folder-link', 'refused'], ['../../outside', 'refused'], [w.outside, 'refused'], ['general/../../../outside', 'refused'],
    ['general%2F..%2F..%2F..%2Foutside', 'not-ok'], ['general/folder-link/../ok', 'ok'],
  ];
  for (const [path, want] of loads) {
    for (const call of ['episode:load', 'episode:screens']) {
      check(w, `${call} ${path}`, await t.call(call, { datasetId: id, path }), want);
      cases.add(call);
    }
    check(w, `episode:hierarchy ${path}`, await t.call('episode:hierarchy', { datasetId: id, path, step: 0 }), want);
    cases.add('episode:hierarchy');
  }
  // Every per-step file of general/links is a symlink out: each one is a located problem, never its contents.
  const links = await t.call('episode:load', { datasetId: id, path: 'general/links' });
  const files = (links.value as { problems: Array<{ file: string; message: string }> }).problems.filter((p) => /refused/.test(p.message)).map((p) => p.file);
  expect(files).toEqual(expect.arrayContaining(['general/links/instruction.txt', 'general/links/eventStructs.txt', 'general/links/0.activity', 'general/links/0.ess', 'general/links/0.json']));
  const h = await t.call('episode:hierarchy', { datasetId: id, path: 'general/xml-link', step: 0 });
  expect((h.value as { components: unknown[]; problems: unknown[] }).components).toEqual([]);
  expect((h.value as { problems: unknown[] }).problems.length).toBeGreaterThan(0);
  const check0 = await t.call('dataset:check', { datasetId: id });
  check(w, 'dataset:check ds', check0, 'ok');
  cases.add('per-step files', 9);

  const screens: Array<[string, number[]]> = [
    ['general/ok/0.png', [200]], ['general/links/0.png', [403]], ['general/folder-link/0.png', [403]], ['general/folder-link/secret.png', [403]],
    ['..%2F..%2Foutside%2Fsecret.png', [403]],
    // WHATWG URL parsing turns %2e%2e into a .. segment before routing: those leave /files/ and meet
    // the app's page (200, HTML, when a renderer build is served) or its 404.
    ['%2e%2e/%2e%2e/outside/secret.png', [403, 404, APP_PAGE]], ['general/%2e%2e/%2e%2e/%2e%2e/outside/secret.png', [403, 404, APP_PAGE]],
    ['%252e%252e%252f%252e%252e%252foutside%252fsecret.png', [404]], [encodeURIComponent(`${w.outside}/secret.png`), [403]],
    ['general/ok/0.xml', [403]], ['general/ok/0.png%00.png', [400, 403, 404]], ['general/ok/..%2F..%2F..%2F..%2Foutside%2Fsecret.png', [403]],
  ];
  for (const [rel, statuses] of screens) {
    const r = await t.file(id, rel);
    expect(r.text, `file ${rel}`).not.toContain(w.canary);
    const status = r.status === 200 && /^<!doctype html>/i.test(r.text) ? APP_PAGE : r.status;
    expect(statuses, `file ${rel} answered ${r.status}: ${r.text.slice(0, 200)}`).toContain(status);
    cases.add('file route');
  }
}
