import type { HumanLabel } from '../formats/human-labels';
import { cohenKappa, fleissKappa } from './stats/kappa';

/** Above this share of labelled episodes without a trace of the agent, the labels are said not to fit it. */
export const UNMATCHED_LABELS_WARN_SHARE = 0.5;

/** Agreement of several annotators over the episodes each of them labelled. */
export interface AnnotatorAgreement {
  annotators: string[];
  /** Episodes every annotator labelled (the subjects of the kappas). */
  subjects: number;
  /** Two annotators: Cohen's kappa. */
  cohen?: number;
  /** Two or more: Fleiss' kappa. */
  fleiss?: number;
  /** Share of those episodes where all annotators agree. */
  observed?: number;
}

/** One episode the annotators disagree on (the majority, if any, is the label used). */
export interface LabelDisagreement {
  episode: string;
  votes: Record<string, boolean>;
  /** Undefined on a tie: the episode then has no label. */
  majority?: boolean;
}

/** How a labels file was bound to one agent, and what in it does not fit. */
export interface LabelBinding {
  agent: string;
  file: string;
  /** `per-agent`: rows name their agent (only this agent's are used); `two-column`: upstream `episode,human`, bound to this agent as given. */
  format: 'per-agent' | 'two-column';
  /** One sentence for the view and the CLI: which file, which format, bound to whom. */
  binding: string;
  /** Rows of the file used for this agent. */
  rows: number;
  /** Episode -> the label used (the annotators' majority). */
  labels: Record<string, boolean>;
  agreement?: AnnotatorAgreement;
  disagreements: LabelDisagreement[];
  /** Labelled episodes with no trace of this agent. */
  unmatched: number;
  /** Agents the file names other than this one. */
  otherAgents: string[];
  warnings: string[];
}

export interface BindOptions {
  file: string;
  agent: string;
  /** Episodes this agent has a trace of. */
  episodes: ReadonlySet<string>;
  /** The repeat of this agent's traces (`r<N>` folders), when known: rows of other repeats are left out. */
  repeat?: number;
  /** Another agent whose traces folder holds the file (a two-column file there is that agent's, most likely). */
  sitsWith?: string;
  /** Other agents given the same two-column file. */
  sharedWith?: readonly string[];
}

const UNNAMED = '(unnamed)';

/**
 * Binds parsed label rows to one agent: a file in the `episode,agent,repeat,human` format gives
 * the rows naming this agent; upstream's two-column file gives all its rows, bound to this agent
 * as given. Several annotators of one episode give its majority label; their agreement (kappa) and
 * the episodes they disagree on are reported. Labels that do not fit the agent's traces, or a file
 * that names or sits with another agent, give warnings, never silent numbers.
 */
export function bindLabels(rows: readonly HumanLabel[], o: BindOptions): LabelBinding {
  const perAgent = rows.some((r) => r.agent !== undefined);
  const otherAgents = [...new Set(rows.map((r) => r.agent).filter((a): a is string => a !== undefined && a !== o.agent))].sort();
  let mine = perAgent ? rows.filter((r) => r.agent === o.agent) : [...rows];
  const repeats = [...new Set(mine.map((r) => r.repeat ?? 1))].sort((a, b) => a - b);
  const repeat = o.repeat ?? repeats[0];
  if (repeats.length > 1) mine = mine.filter((r) => (r.repeat ?? 1) === repeat);
  // Per episode, each annotator's last row.
  const byEpisode = new Map<string, Map<string, boolean>>();
  for (const r of mine) {
    const votes = byEpisode.get(r.episode) ?? new Map<string, boolean>();
    votes.set(r.annotator ?? UNNAMED, r.completed);
    byEpisode.set(r.episode, votes);
  }
  const labels: Record<string, boolean> = {};
  const disagreements: LabelDisagreement[] = [];
  for (const [ep, votes] of byEpisode) {
    const yes = [...votes.values()].filter(Boolean).length;
    const no = votes.size - yes;
    const majority = yes === no ? undefined : yes > no;
    if (majority !== undefined) labels[ep] = majority;
    if (yes && no) disagreements.push({ episode: ep, votes: Object.fromEntries(votes), ...(majority !== undefined ? { majority } : {}) });
  }
  const annotators = [...new Set(mine.map((r) => r.annotator ?? UNNAMED))].sort();
  const file = o.file.split(/[\\/]/).pop() ?? o.file;
  const b: LabelBinding = {
    agent: o.agent, file: o.file, format: perAgent ? 'per-agent' : 'two-column', rows: mine.length, labels, disagreements, otherAgents, warnings: [], unmatched: 0,
    binding: perAgent
      ? `${file}: ${mine.length} row(s) naming ${o.agent}${repeats.length > 1 ? ` (repeat ${repeat} of ${repeats.join(', ')})` : ''}${otherAgents.length ? `; rows of ${otherAgents.join(', ')} left out` : ''}`
      : `${file} (two-column episode,human): bound to ${o.agent} as given`,
  };
  if (annotators.length > 1) b.agreement = agreementOf(mine, annotators);
  b.unmatched = [...byEpisode.keys()].filter((ep) => !o.episodes.has(ep)).length;
  const w = b.warnings;
  if (perAgent && !mine.length && otherAgents.length) {
    w.push(`Labels of ${o.agent}: ${o.file} names ${otherAgents.join(', ')}, not ${o.agent}: none of its labels are used for ${o.agent}. Give ${o.agent} its own labels file, or rows with agent ${o.agent}.`);
  }
  if (!perAgent && o.sitsWith) {
    w.push(`Labels of ${o.agent}: ${o.file} sits with the traces of ${o.sitsWith}, and its two-column rows name no agent: they are used for ${o.agent} as given. If they are ${o.sitsWith}'s labels, give ${o.agent} its own file.`);
  }
  if (!perAgent && o.sharedWith?.length) {
    w.push(`Labels of ${o.agent}: the two-column file ${o.file} is also used for ${o.sharedWith.join(', ')}: every one of these agents gets the same labels. Use the episode,agent,repeat,human format to label each agent.`);
  }
  if (byEpisode.size && b.unmatched / byEpisode.size > UNMATCHED_LABELS_WARN_SHARE) {
    w.push(`Labels of ${o.agent}: ${b.unmatched} of ${byEpisode.size} labelled episode(s) in ${o.file} have no trace of ${o.agent}: the labels may belong to another agent or dataset.`);
  }
  if (disagreements.some((d) => d.majority === undefined)) {
    w.push(`Labels of ${o.agent}: the annotators are split evenly on ${disagreements.filter((d) => d.majority === undefined).length} episode(s); those have no label until one more annotator decides.`);
  }
  return b;
}

/** Cohen's (two annotators) and Fleiss' kappa over the episodes every annotator labelled. */
function agreementOf(rows: readonly HumanLabel[], annotators: readonly string[]): AnnotatorAgreement {
  const votes = new Map<string, Map<string, boolean>>();
  for (const r of rows) {
    const v = votes.get(r.episode) ?? new Map<string, boolean>();
    v.set(r.annotator ?? UNNAMED, r.completed);
    votes.set(r.episode, v);
  }
  const full = [...votes.values()].filter((v) => annotators.every((a) => v.has(a)));
  const out: AnnotatorAgreement = { annotators: [...annotators], subjects: full.length };
  if (!full.length) return out;
  out.observed = full.filter((v) => new Set(v.values()).size === 1).length / full.length;
  const f = fleissKappa(full.map((v) => { const yes = [...v.values()].filter(Boolean).length; return [yes, v.size - yes]; }));
  if (f.kappa !== undefined) out.fleiss = f.kappa;
  if (annotators.length === 2) {
    const c = cohenKappa(full.map((v) => [v.get(annotators[0]!)!, v.get(annotators[1]!)!] as const));
    if (c.kappa !== undefined) out.cohen = c.kappa;
  }
  return out;
}
