import type { GroupMetrics, MethodMetrics, MethodName } from './metrics';
import { wilson } from './stats/wilson';

/** Formats a paper table can be written in. */
export type TableFormat = 'md' | 'tex' | 'csv';

/** The table format a file name asks for (`.md`, `.tex`, `.csv`); undefined for another extension. */
export function tableFormatOf(file: string): TableFormat | undefined {
  const m = /\.(md|markdown|tex|csv)$/i.exec(file);
  if (!m) return undefined;
  const ext = m[1]!.toLowerCase();
  return ext === 'markdown' ? 'md' : (ext as TableFormat);
}

/** Wilson score interval (95 %) of k successes in n, as a pair; undefined for n = 0 (the project's statistics). */
export function wilson95(k: number, n: number): [number, number] | undefined {
  const r = wilson(k, n);
  return r.low === undefined ? undefined : [r.low, r.high!];
}

interface Cell { value?: number; k?: number; n?: number }
interface Table { head: string[]; rows: (string | Cell)[][] }

const METHOD_NAMES: Record<MethodName, string> = { essential: 'Essential states', stepwise: 'Step-wise', lcs: 'LCS', checkpoints: 'CheckPoints', judge: 'LLM judge', hybrid: 'Judge + essential' };

const rate = (k: number, n: number): Cell => ({ value: n ? k / n : undefined, k, n });

/** The method table: per method, n, the completion rate with its interval, and against human labels accuracy, precision, recall, F1, false accepts and false rejects. */
function methodTable(all: GroupMetrics, methods: readonly MethodName[]): Table {
  const labelled = methods.some((m) => (all.methods[m]?.labelled ?? 0) > 0);
  const head = ['Method', 'n', 'TCR', ...(labelled ? ['labelled', 'Accuracy', 'Precision', 'Recall', 'F1', 'False accepts', 'False rejects'] : [])];
  const rows = methods.map((m) => {
    const x: MethodMetrics | undefined = all.methods[m];
    const n = x?.n ?? 0;
    const row: (string | Cell)[] = [METHOD_NAMES[m], String(n), rate(Math.round((x?.tcr ?? 0) * n), n)];
    if (labelled) {
      const c = x?.confusion;
      const lab = x?.labelled ?? 0;
      row.push(String(lab));
      if (c) row.push(rate(c.tp + c.tn, lab), rate(c.tp, c.tp + c.fp), rate(c.tp, c.tp + c.fn), { value: x?.f1 }, String(c.fp), String(c.fn));
      else row.push('–', '–', '–', '–', '–', '–');
    }
    return row;
  });
  return { head, rows };
}

/** The per-group table: each category and difficulty bucket (and all) with n and every method's completion rate with its interval. */
function groupTable(groups: readonly GroupMetrics[], methods: readonly MethodName[], agent: string): Table {
  const head = ['Agent', 'Group', 'n', ...methods.map((m) => METHOD_NAMES[m])];
  const rows = groups.map((g) => [agent, g.by === 'all' ? 'all' : `${g.by}: ${g.group}`, String(g.n), ...methods.map((m) => {
    const x = g.methods[m];
    return x && x.n ? rate(Math.round(x.tcr * x.n), x.n) : '–';
  })]);
  return { head, rows };
}

const pct = (v: number): string => (100 * v).toFixed(1);

function cellText(c: string | Cell, f: TableFormat): string {
  if (typeof c === 'string') return c;
  if (c.value === undefined) return '–';
  const ci = c.k !== undefined && c.n !== undefined ? wilson95(c.k, c.n) : undefined;
  const sign = f === 'tex' ? '\\%' : '%';
  return ci ? `${pct(c.value)}${sign} [${pct(ci[0])}, ${pct(ci[1])}]` : `${pct(c.value)}${sign}`;
}

/** CSV cells keep numbers apart: the rate, then its interval, as separate columns. */
function csvCells(c: string | Cell): string[] {
  if (typeof c === 'string') return [c, '', ''];
  if (c.value === undefined) return ['', '', ''];
  const ci = c.k !== undefined && c.n !== undefined ? wilson95(c.k, c.n) : undefined;
  return [c.value.toFixed(4), ci ? ci[0].toFixed(4) : '', ci ? ci[1].toFixed(4) : ''];
}

const csvQuote = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const texEscape = (s: string): string => s.replace(/\\/g, '\\textbackslash{}').replace(/([&%$#_{}])/g, '\\$1').replace(/~/g, '\\textasciitilde{}').replace(/\^/g, '\\textasciicircum{}').replace(/[<>]/g, (x) => `$${x}$`);

function render(t: Table, f: TableFormat, caption: string): string {
  if (f === 'csv') {
    // Rate columns become three: value, ci_low, ci_high.
    const isRate = t.head.map((_, i) => t.rows.some((r) => typeof r[i] !== 'string'));
    const head = t.head.flatMap((h, i) => (isRate[i] ? [h, `${h} CI low`, `${h} CI high`] : [h]));
    const rows = t.rows.map((r) => r.flatMap((c, i) => (isRate[i] ? csvCells(c) : [typeof c === 'string' ? c : cellText(c, f)])));
    return [head, ...rows].map((r) => r.map(csvQuote).join(',')).join('\n') + '\n';
  }
  // LaTeX: strings escaped, the dash of an empty cell as --.
  const rows = t.rows.map((r) => r.map((c) => {
    const text = f === 'tex' && typeof c === 'string' ? texEscape(c) : cellText(c, f);
    return f === 'tex' && text === '–' ? '--' : text;
  }));
  if (f === 'md') {
    return `**${caption}**\n\n| ${t.head.join(' | ')} |\n|${t.head.map((_, i) => (i === 0 || t.head[i] === 'Agent' || t.head[i] === 'Group' ? ' --- ' : ' ---: ')).join('|')}|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`;
  }
  const cols = t.head.map((h, i) => (i === 0 || h === 'Group' ? 'l' : 'r')).join('');
  return `\\begin{table}[t]\n\\centering\n\\caption{${texEscape(caption)}}\n\\begin{tabular}{${cols}}\n\\toprule\n${t.head.map(texEscape).join(' & ')} \\\\\n\\midrule\n${rows.map((r) => `${r.join(' & ')} \\\\`).join('\n')}\n\\bottomrule\n\\end{tabular}\n\\end{table}\n`;
}

/**
 * The method table and the per-group table of one evaluation in a format a paper can use: Markdown,
 * LaTeX (booktabs: \toprule, \midrule, \bottomrule) or CSV; every rate with n and its 95 % Wilson
 * interval (CSV: as separate columns). Empty groups show "–", never "0.0 %".
 */
export function paperTables(groups: readonly GroupMetrics[], methods: readonly MethodName[], agent: string, f: TableFormat): string {
  const all = groups.find((g) => g.by === 'all');
  const parts: string[] = [];
  if (all) parts.push(render(methodTable(all, methods), f, `Evaluation methods on ${agent} (n = ${all.n}; rates with 95% Wilson intervals)`));
  parts.push(render(groupTable(groups, methods, agent), f, `Task completion rate of ${agent} per group (95% Wilson intervals)`));
  return parts.join('\n');
}
