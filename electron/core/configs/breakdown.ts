import { displayOf } from './config-file';
import { FACTORS, type DeviceConfig, type DeviceConfigRecord, type Factor } from './config-types';

/** One finished episode, as the breakdown needs it. */
export interface BreakdownInput {
  config?: DeviceConfigRecord;
  outcome: string;
  /** The evaluator's verdict (absent: not evaluated). */
  completed?: boolean;
  restored?: boolean;
}

export interface Cell { episodes: number; evaluated: number; completed: number; rate: number | null }

export interface ConfigBreakdown {
  /** factor -> value -> counts; a factor a configuration left alone counts as "unchanged". */
  factors: Partial<Record<Factor, Record<string, Cell>>>;
  configs: Record<string, Cell & { split?: string }>;
  /** Episodes whose settings were not all read back as before after the episode. */
  notRestored: number;
}

/** The value a factor had in an episode, as the report names it. */
export function factorValue(f: DeviceConfigRecord['factors'], k: Factor): string {
  if (k === 'size' || k === 'density') {
    const v = displayOf(f as DeviceConfig)[k];
    return v === undefined ? 'unchanged' : String(v);
  }
  const v = f[k];
  return v === undefined ? 'unchanged' : String(v);
}

const add = (c: Cell | undefined, x: BreakdownInput): Cell => {
  const n = c ?? { episodes: 0, evaluated: 0, completed: 0, rate: null };
  n.episodes++;
  if (x.completed !== undefined) { n.evaluated++; if (x.completed) n.completed++; }
  n.rate = n.evaluated ? n.completed / n.evaluated : null;
  return n;
};

/** Success (the evaluator's completed verdicts) per configuration and per value of every factor that varied. */
export function breakdown(items: BreakdownInput[]): ConfigBreakdown {
  const out: ConfigBreakdown = { factors: {}, configs: {}, notRestored: 0 };
  for (const x of items) {
    if (!x.config) continue;
    out.configs[x.config.name] = { ...add(out.configs[x.config.name], x), ...(x.config.split ? { split: x.config.split } : {}) };
    if (x.restored === false) out.notRestored++;
    for (const k of FACTORS) {
      const row = (out.factors[k] ??= {});
      const v = factorValue(x.config.factors, k);
      row[v] = add(row[v], x);
    }
  }
  // a factor with one value in the whole run says nothing about it
  for (const k of FACTORS) if (Object.keys(out.factors[k] ?? {}).length < 2) delete out.factors[k];
  return out;
}

const pct = (c: Cell): string => (c.rate === null ? '-' : `${Math.round(c.rate * 1000) / 10}%`);

/** The breakdown as a Markdown report (also printed by `touchstone run --configs`). */
export function breakdownMarkdown(b: ConfigBreakdown): string {
  const lines = ['# Results per device configuration', '', '| configuration | split | episodes | evaluated | completed | success |', '|---|---|---|---|---|---|'];
  for (const [name, c] of Object.entries(b.configs)) lines.push(`| ${name} | ${c.split ?? ''} | ${c.episodes} | ${c.evaluated} | ${c.completed} | ${pct(c)} |`);
  lines.push('', '## Per factor', '', '| factor | value | episodes | evaluated | completed | success |', '|---|---|---|---|---|---|');
  for (const [k, row] of Object.entries(b.factors)) for (const [v, c] of Object.entries(row)) lines.push(`| ${k} | ${v} | ${c.episodes} | ${c.evaluated} | ${c.completed} | ${pct(c)} |`);
  lines.push('', b.notRestored ? `**${b.notRestored} episode(s) left settings different from before (see deviceConfig.restored in their episode.json).**` : 'Every episode\'s settings were read back as before after it ran.');
  return lines.join('\n') + '\n';
}
