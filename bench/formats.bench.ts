/**
 * Formats bench: parse + number every real uiautomator dump and trace_18
 * hierarchy many times, and round-trip every real .ess line. Prints ms/screen.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseUiautomatorXml, parseDroidbotVh, numberComponents, parseEss, serialiseEss } from '../shared/formats';

const fixtures = resolve(import.meta.dirname, '../../shared/fixtures');
if (!existsSync(fixtures)) {
  console.log(`fixtures not found at ${fixtures}; nothing to measure`);
  process.exit(0);
}
const dumps = readdirSync(join(fixtures, 'uiautomator')).filter((f) => f.endsWith('.xml'))
  .map((f) => ({ name: f, text: readFileSync(join(fixtures, 'uiautomator', f), 'utf8') }));
const traceDir = join(fixtures, 'llamatouch/episodes/trace_18');
const vhs = [0, 1, 2, 3, 4].map((i) => readFileSync(join(traceDir, `${i}.vh`), 'utf8'));

function time(label: string, rounds: number, units: number, fn: () => void): void {
  fn(); // warm-up
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) fn();
  const ms = performance.now() - t0;
  const per = ms / (rounds * units);
  console.log(`${label.padEnd(44)} ${per.toFixed(3).padStart(8)} ms/unit  ${(1000 / per).toFixed(0).padStart(7)} units/s`);
}

const bytes = dumps.reduce((s, d) => s + d.text.length, 0);
console.log(`${dumps.length} real uiautomator dumps, ${(bytes / dumps.length / 1024).toFixed(1)} KiB average`);
time('uiautomator XML parse', 20, dumps.length, () => { for (const d of dumps) parseUiautomatorXml(d.text, d.name); });
time('uiautomator XML parse + numbering', 20, dumps.length, () => {
  for (const d of dumps) { const r = parseUiautomatorXml(d.text, d.name); if (r.ok) numberComponents(r.value); }
});
time('DroidBot .vh parse + numbering (trace_18)', 100, vhs.length, () => {
  for (const v of vhs) { const r = parseDroidbotVh(v, 'x.vh'); if (r.ok) numberComponents(r.value); }
});
const census = JSON.parse(readFileSync(join(fixtures, 'llamatouch/ess-census/ess_subset.json'), 'utf8')) as unknown;
const lines: string[] = [];
(function collect(v: unknown): void {
  if (typeof v === 'string' && /<.*>/.test(v)) lines.push(v);
  else if (Array.isArray(v)) v.forEach(collect);
  else if (v && typeof v === 'object') Object.values(v).forEach(collect);
})(census);
time(`.ess parse + serialise (${lines.length} real lines)`, 2000, lines.length, () => {
  for (const l of lines) { const r = parseEss(l, 'x.ess'); if (r.ok) serialiseEss(r.value); }
});
const mem = process.memoryUsage();
console.log(`peak-ish RSS ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
