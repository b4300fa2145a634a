import type { EvalMethodKey } from '../contract/evaluation';
import { EVAL_METHOD_KEYS } from '../contract/evaluation-methods';
import type { ApartCounts } from './metrics';
import { overviewMetrics, type OverviewData } from './overview-metrics';
import { leniency } from './stats/leniency';
import { pairedTest, type McNemar } from './stats/mcnemar';
import { wilson, type Rate } from './stats/wilson';

/** One row of the method table: every rate with its n and 95 % Wilson interval, the errors and the leniency. */
export interface MethodStats {
  /** Episodes with a verdict of this method. */
  n: number;
  /** Of those, with a human label. */
  labelled: number;
  tcr: Rate;
  accuracy: Rate;
  precision: Rate;
  recall: Rate;
  f1?: number;
  /** False accepts (method ✓, human ✗) and false rejects (method ✗, human ✓); undefined without labels. */
  fa?: number;
  fr?: number;
  /** fa / (fa + fr): 1 too lenient, 0 too strict. */
  leniency?: number;
  /** Interrupted (left out of n by default) and step-limit episodes, counted apart (metrics.ts). */
  apart?: ApartCounts;
}

/** What n holds and the episodes reported apart, for the n cell's tooltip in the view and the HTML report. */
export function nSentence(x: Pick<MethodStats, 'n' | 'labelled' | 'apart'>): string {
  const a = x.apart;
  const parts = [`${x.n} episode(s) with a verdict, ${x.labelled} labelled`];
  if (a?.interrupted) parts.push(`${a.interrupted} interrupted ${a.interruptedCounted ? 'counted as failures' : 'left out of n'}`);
  if (a?.stepLimit) parts.push(`${a.stepLimit} stopped at the step limit (in n, as failures)`);
  return parts.join('; ');
}

/** The method table's figures of one agent x method (metrics.ts counts, stats/ intervals). */
export function methodStats(o: OverviewData, agent: string, method: EvalMethodKey): MethodStats {
  const x = overviewMetrics(o, agent, method);
  const c = x.confusion;
  const done = Math.round(x.tcr * x.n);
  return {
    n: x.n, labelled: x.labelled, tcr: wilson(done, x.n),
    accuracy: c ? wilson(c.tp + c.tn, x.labelled) : wilson(0, 0),
    precision: c ? wilson(c.tp, c.tp + c.fp) : wilson(0, 0),
    recall: c ? wilson(c.tp, c.tp + c.fn) : wilson(0, 0),
    ...(x.f1 !== undefined ? { f1: x.f1 } : {}),
    ...(c ? { fa: c.fp, fr: c.fn } : {}),
    ...(c && leniency(c.fp, c.fn) !== undefined ? { leniency: leniency(c.fp, c.fn)! } : {}),
    ...(x.apart ? { apart: x.apart } : {}),
  };
}

/** One paired comparison: two methods on one agent's episodes, or two agents under one method on the episodes both ran. */
export interface PairedComparison {
  a: string;
  b: string;
  /** Completion rate of each side over the paired episodes. */
  rateA: number;
  rateB: number;
  test: McNemar & { paired: number };
}

const verdicts = (o: OverviewData, agent: string, method: EvalMethodKey): Map<string, boolean> =>
  new Map(o.cells.filter((c) => c.agent === agent && c.verdicts[method] !== undefined).map((c) => [c.episode, c.verdicts[method]!]));

function compare(a: string, b: string, va: Map<string, boolean>, vb: Map<string, boolean>): PairedComparison {
  const test = pairedTest(va, vb);
  const both = [...va.keys()].filter((k) => vb.has(k));
  const rate = (v: Map<string, boolean>): number => (both.length ? both.filter((k) => v.get(k)).length / both.length : 0);
  return { a, b, rateA: rate(va), rateB: rate(vb), test };
}

/** McNemar between the essential (fixed) method and each other method, on one agent's episodes. */
export function pairedMethods(o: OverviewData, agent: string, base: EvalMethodKey = 'essential'): PairedComparison[] {
  const vb = verdicts(o, agent, base);
  return EVAL_METHOD_KEYS.filter((m) => m !== base).map((m) => compare(base, m, vb, verdicts(o, agent, m))).filter((p) => p.test.paired > 0);
}

/** McNemar between every two agents under one method, on the episodes both have traces of. */
export function pairedAgents(o: OverviewData, method: EvalMethodKey = 'essential'): PairedComparison[] {
  const out: PairedComparison[] = [];
  for (let i = 0; i < o.agents.length; i++) {
    for (let j = i + 1; j < o.agents.length; j++) {
      const p = compare(o.agents[i]!, o.agents[j]!, verdicts(o, o.agents[i]!, method), verdicts(o, o.agents[j]!, method));
      if (p.test.paired > 0) out.push(p);
    }
  }
  return out;
}
