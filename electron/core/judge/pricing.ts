import type { TokenUsage } from './judge-cache';

/** USD per million tokens, input and output. */
export interface Price { input: number; output: number }
/** Prices per model; the key `*` applies to any model not listed. */
export type PriceTable = Record<string, Price>;

/**
 * `--judge-price`: `IN/OUT` for every model, or `model=IN/OUT,model2=IN/OUT` (USD per million input
 * and output tokens, e.g. `gpt-4o-mini=0.15/0.6`).
 */
export function parsePrices(spec: string): PriceTable {
  const table: PriceTable = {};
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    const model = eq > 0 ? part.slice(0, eq).trim() : '*';
    const m = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec((eq > 0 ? part.slice(eq + 1) : part).trim());
    if (!m) throw new Error(`--judge-price must be IN/OUT or model=IN/OUT,... in USD per million tokens (e.g. gpt-4o-mini=0.15/0.6); got "${part}"`);
    table[model] = { input: Number(m[1]), output: Number(m[2]) };
  }
  return table;
}

/** Cost of some tokens on a model, or undefined when its price is unknown. */
export function costOf(table: PriceTable | undefined, model: string, u: TokenUsage): number | undefined {
  const p = table?.[model] ?? table?.['*'];
  return p ? (u.prompt * p.input + u.completion * p.output) / 1e6 : undefined;
}
