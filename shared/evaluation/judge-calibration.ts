import type { EvalExtraCell } from '../contract/evaluation';
import type { Confusion } from './metrics';
import { leniency } from './stats/leniency';
import { wilson, type Rate } from './stats/wilson';

/** One judge's (a model, the cross-validated pair, or the hybrid) verdict on one trajectory. */
export interface JudgeVote {
  judge: string;
  episode: string;
  /** The trajectory's agent (votes of one judge are pooled over agents). */
  agent: string;
  /** Undefined: no verdict (the judge failed, or the pair / hybrid left it to a human). */
  completed?: boolean;
  needsHuman?: boolean;
  human?: boolean;
  /** Tokens (prompt + completion) and cost spent on this trajectory by this judge. */
  tokens?: number;
  costUsd?: number;
}

/** How one judge compares with the human labels, and what it costs. */
export interface CalibrationRow {
  judge: string;
  trajectories: number;
  /** With a verdict and a human label: the confusion matrix (positive = completed). */
  labelled: number;
  confusion: Confusion;
  accuracy: Rate;
  /** false accepts / (false accepts + false rejects). */
  leniency?: number;
  /** Trajectories it left to a human, of all. */
  needsHuman: Rate;
  tokensPerTrajectory?: number;
  costPerTrajectory?: number;
}

/**
 * The judge calibration table: per judge, the confusion matrix against the human labels, accuracy
 * with its 95 % interval, leniency, the "needs a human" rate, tokens and cost per trajectory
 * (averaged over the trajectories whose usage is known). Judges keep their first-seen order.
 */
export function judgeCalibration(votes: readonly JudgeVote[]): CalibrationRow[] {
  const by = new Map<string, JudgeVote[]>();
  for (const v of votes) by.set(v.judge, [...(by.get(v.judge) ?? []), v]);
  return [...by].map(([judge, vs]) => {
    const c: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
    for (const v of vs) {
      if (v.completed === undefined || v.human === undefined) continue;
      if (v.completed && v.human) c.tp++;
      else if (v.completed) c.fp++;
      else if (v.human) c.fn++;
      else c.tn++;
    }
    const labelled = c.tp + c.fp + c.tn + c.fn;
    const tok = vs.filter((v) => v.tokens !== undefined);
    const cost = vs.filter((v) => v.costUsd !== undefined);
    const len = leniency(c.fp, c.fn);
    return {
      judge, trajectories: vs.length, labelled, confusion: c, accuracy: wilson(c.tp + c.tn, labelled),
      needsHuman: wilson(vs.filter((v) => v.needsHuman).length, vs.length),
      ...(len !== undefined ? { leniency: len } : {}),
      ...(tok.length ? { tokensPerTrajectory: tok.reduce((s, v) => s + v.tokens!, 0) / tok.length } : {}),
      ...(cost.length ? { costPerTrajectory: cost.reduce((s, v) => s + v.costUsd!, 0) / cost.length } : {}),
    };
  });
}

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

/** The calibration table as HTML rows for the offline report (escaped by the caller's `esc`). */
export function calibrationHtml(rows: readonly CalibrationRow[], esc: (s: string) => string): string {
  if (!rows.length) return '';
  const rate = (r: Rate): string => (r.rate === undefined ? '–' : `${pct(r.rate)} <small>[${pct(r.low!)}–${pct(r.high!)}] n=${r.n}</small>`);
  const body = rows.map((r) => `<tr><td>${esc(r.judge)}</td><td>${r.trajectories}</td><td>${r.labelled}</td><td>${r.confusion.tp}</td><td>${r.confusion.fp}</td><td>${r.confusion.fn}</td><td>${r.confusion.tn}</td><td>${rate(r.accuracy)}</td><td>${r.leniency === undefined ? '–' : r.leniency.toFixed(2)}</td><td>${rate(r.needsHuman)}</td><td>${r.tokensPerTrajectory === undefined ? '–' : Math.round(r.tokensPerTrajectory)}</td><td>${r.costPerTrajectory === undefined ? '–' : `$${r.costPerTrajectory.toFixed(5)}`}</td></tr>`).join('');
  return `<table class="calibration"><caption>Judge calibration against the human labels</caption><thead><tr><th>Judge</th><th>Trajectories</th><th>Labelled</th><th>TP</th><th>FA (FP)</th><th>FR (FN)</th><th>TN</th><th>Accuracy</th><th>Leniency</th><th>Needs a human</th><th>Tokens / trajectory</th><th>Cost / trajectory</th></tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * The votes of the view's extra methods: each judge model, the judge (the cross-validated pair when
 * two models), and the hybrid, on every task x agent, with the agent's human label.
 */
export function votesOfExtraCells(cells: readonly EvalExtraCell[], human: Record<string, Record<string, boolean>>): JudgeVote[] {
  const out: JudgeVote[] = [];
  for (const c of cells) {
    const h = human[c.agent]?.[c.episode];
    const base = { episode: c.episode, agent: c.agent, ...(h !== undefined ? { human: h } : {}) };
    const j = c.judge;
    if (j) {
      const models = Object.keys(j.votes ?? {});
      for (const m of models.length > 1 ? models : []) {
        const vote = j.votes![m];
        out.push({ ...base, judge: `judge ${m}`, ...(vote !== null && vote !== undefined ? { completed: vote } : { needsHuman: true }), ...(j.tokens?.[m] !== undefined ? { tokens: j.tokens[m] } : {}), ...(j.costUsd?.[m] !== undefined ? { costUsd: j.costUsd[m] } : {}) });
      }
      const tokens = Object.values(j.tokens ?? {});
      const costs = Object.values(j.costUsd ?? {});
      out.push({
        ...base, judge: models.length > 1 ? `judge pair (${models.join(' + ')})` : `judge${models.length ? ` ${models[0]}` : ''}`,
        ...(j.completed !== undefined ? { completed: j.completed } : {}), needsHuman: j.needsHuman === true,
        ...(tokens.length ? { tokens: tokens.reduce((s, x) => s + x, 0) } : {}), ...(costs.length && costs.length === models.length ? { costUsd: costs.reduce((s, x) => s + x, 0) } : {}),
      });
    }
    if (c.hybrid) {
      const tokens = Object.values(j?.tokens ?? {});
      out.push({ ...base, judge: 'hybrid (essential + judge)', ...(c.hybrid.completed !== undefined ? { completed: c.hybrid.completed } : {}), needsHuman: c.hybrid.needsHuman === true, ...(tokens.length ? { tokens: tokens.reduce((s, x) => s + x, 0) } : {}) });
    }
  }
  return out;
}

/** Each model's verdict (null = no answer), tokens and cost on one trajectory, from the judge's answers (the view's and the CLI report's). */
export function judgeUsage(answers: readonly { model: string; completed?: boolean; usage: { prompt: number; completion: number }; costUsd?: number }[]): Pick<NonNullable<EvalExtraCell['judge']>, 'votes' | 'tokens' | 'costUsd'> {
  return {
    votes: Object.fromEntries(answers.map((a) => [a.model, a.completed ?? null])),
    tokens: Object.fromEntries(answers.map((a) => [a.model, a.usage.prompt + a.usage.completion])),
    costUsd: Object.fromEntries(answers.filter((a) => a.costUsd !== undefined).map((a) => [a.model, a.costUsd!])),
  };
}
