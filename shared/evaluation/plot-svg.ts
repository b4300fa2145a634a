import type { GroupMetrics, MethodName } from './metrics';

const COLOURS: Record<string, string> = { essential: '#2f6fb0', stepwise: '#e08a2c', lcs: '#4a9a52', checkpoints: '#8e5bb5', judge: '#c0504d', hybrid: '#2a9d9a', human: '#8c8c8c' };
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pct = (v: number): string => `${(v * 100).toFixed(v === 0 || v === 1 ? 0 : 1)}%`;

/** One bar series: a method (or the human labels) and its rate per group. */
interface Series { name: string; values: (number | undefined)[] }

/**
 * A grouped bar chart (SVG 1.1, self-contained, fonts generic) of the task completion rate of each
 * method, for every group of `groups` (overall, each category, each difficulty), with the humans'
 * completion rate as a grey bar when labels were given. Each bar is labelled with its value and each
 * group with its episode count, so the picture can be read without the table.
 */
export function completionChartSvg(groups: readonly GroupMetrics[], methods: readonly MethodName[], title = 'Task completion rate'): string {
  const series: Series[] = methods.map((m) => ({ name: m, values: groups.map((g) => g.methods[m]?.tcr) }));
  if (groups.some((g) => Object.values(g.methods).some((x) => x && x.labelled > 0))) {
    series.push({ name: 'human', values: groups.map((g) => Object.values(g.methods).find((x) => x?.humanTcr !== undefined)?.humanTcr) });
  }
  const bar = 32;
  const gap = 28;
  const groupW = series.length * bar + gap;
  const left = 56;
  const top = 48;
  const plotH = 260;
  const width = Math.max(420, left + groups.length * groupW + 20);
  const height = top + plotH + 96;
  const y = (v: number): number => top + plotH * (1 - v);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`,
  ];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(`<line x1="${left}" x2="${width - 10}" y1="${y(t)}" y2="${y(t)}" stroke="${t === 0 ? '#333' : '#ddd'}"/>`, `<text x="${left - 6}" y="${y(t) + 4}" text-anchor="end">${pct(t)}</text>`);
  }
  groups.forEach((g, gi) => {
    const x0 = left + gap / 2 + gi * groupW;
    series.forEach((s, si) => {
      const v = s.values[gi];
      if (v === undefined) return;
      const x = x0 + si * bar;
      out.push(`<rect x="${x}" y="${y(v)}" width="${bar - 3}" height="${plotH * v}" fill="${COLOURS[s.name] ?? '#555'}"><title>${esc(`${s.name} on ${g.group}: ${pct(v)}`)}</title></rect>`);
      out.push(`<text x="${x + (bar - 3) / 2}" y="${y(v) - 4}" text-anchor="middle" font-size="9">${pct(v)}</text>`);
    });
    const cx = x0 + (series.length * bar) / 2;
    const label = g.by === 'all' ? 'all' : g.group;
    out.push(`<text x="${cx}" y="${top + plotH + 16}" text-anchor="middle">${esc(label.length > 16 ? `${label.slice(0, 15)}…` : label)}</text>`);
    out.push(`<text x="${cx}" y="${top + plotH + 30}" text-anchor="middle" fill="#666" font-size="9">${g.by === 'all' ? '' : g.by === 'category' ? 'category, ' : 'steps, '}n=${g.n}</text>`);
  });
  series.forEach((s, si) => {
    const x = left + si * 110;
    out.push(`<rect x="${x}" y="${height - 30}" width="12" height="12" fill="${COLOURS[s.name] ?? '#555'}"/>`, `<text x="${x + 17}" y="${height - 20}">${esc(s.name === 'human' ? 'human labels' : s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
