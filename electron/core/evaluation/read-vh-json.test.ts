import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';
import { parseVhJsonLazy } from './read-vh-json';
import { FIXTURES } from './testing/temp-dataset';

/** Every DroidBot-style view list among the fixtures: LlamaTouch i.vh files and DroidBot state files. */
function viewLists(): string[] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES, { recursive: true }).map(String)
    .filter((f) => f.endsWith('.vh') || /states\/state_.*\.json$/.test(f))
    .map((f) => path.join(FIXTURES, f));
}
const FILES = viewLists();

const plain = (n: object & { attrs: Record<string, string> }): Record<string, unknown> => ({ ...n, attrs: n.attrs });

describe.skipIf(!FILES.length)('the evaluator\'s lazy DroidBot reader equals shared/formats\' parser (../shared/fixtures absent → skipped)', () => {
  it.each(FILES.map((f) => [path.relative(FIXTURES, f), f]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const a = parseDroidbotVh(text, file);
    const b = parseVhJsonLazy(text, file);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.value.roots).toEqual(a.value.roots);
    expect(b.value.nodes.length).toBe(a.value.nodes.length);
    b.value.nodes.forEach((n, i) => expect(plain(n)).toEqual(plain(a.value.nodes[i]!)));
  });

  it('falls back to the parser for damaged input, with its problem', () => {
    for (const text of ['{"views": 3}', '[1, 2]', '[{"class": "A"}']) {
      const r = parseVhJsonLazy(text, 'x.json');
      expect(r).toEqual(parseDroidbotVh(text, 'x.json'));
      expect(r.ok).toBe(false);
    }
  });
});
