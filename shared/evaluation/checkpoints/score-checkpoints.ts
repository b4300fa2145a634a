import type { CheckpointCategory, CheckpointExpr, CheckpointResult, CheckpointTask, CheckpointVerdict, HistoryEntry } from './types';
import { exprToJson } from './mobile-bench-json';

const LABEL: Record<CheckpointCategory, string> = { package: 'Package', phrase: 'Key phrase', api: 'API' };

const fold = (s: string): string => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** An adb command without `adb [-s serial] shell`, quotes and repeated spaces, for comparison. */
export function normaliseCommand(cmd: string): string {
  return fold(cmd.replace(/^\s*adb\s+(?:-[sd]\s+\S+\s+|-[de]\s+)?shell\s+/i, '').replace(/["']/g, ''));
}

/** Expected API: `<...>` and `[...]` placeholders (as in the released data) match any non-empty text. */
function apiPattern(expected: string): RegExp {
  const parts = normaliseCommand(expected).split(/<[^>]*>|\[[^\]]*\]/);
  return new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?'));
}

/** Whether one history entry satisfies one checkpoint of a category. */
export function entryMatches(category: CheckpointCategory, value: string, e: HistoryEntry): boolean {
  switch (category) {
    case 'package': {
      const v = fold(value);
      return e.packages.some((p) => fold(p) === v);
    }
    case 'phrase': {
      const v = fold(value);
      return e.texts.some((t) => fold(t).includes(v)) || (e.command !== undefined && fold(e.command).includes(v));
    }
    case 'api':
      return e.kind === 'api' && e.command !== undefined && apiPattern(value).test(normaliseCommand(e.command));
  }
}

interface Hit { end: number; steps: number[] }

/**
 * Earliest history position at which `e` is satisfied using entries at positions >= from.
 * Greedy is exact here: a sequence takes each member's earliest end, a conjunction the latest of its
 * members' earliest ends, a disjunction the earliest member.
 */
function earliest(cat: CheckpointCategory, e: CheckpointExpr, h: readonly HistoryEntry[], from: number): Hit | null {
  switch (e.kind) {
    case 'leaf': {
      for (let i = from; i < h.length; i++) if (entryMatches(cat, e.value, h[i]!)) return { end: i, steps: [h[i]!.step] };
      return null;
    }
    case 'seq': {
      let at = from;
      const steps: number[] = [];
      for (const m of e.of) {
        const r = earliest(cat, m, h, at);
        if (!r) return null;
        at = r.end;
        steps.push(...r.steps);
      }
      return { end: at, steps };
    }
    case 'all': {
      const rs = e.of.map((m) => earliest(cat, m, h, from));
      if (rs.some((r) => !r)) return null;
      return { end: Math.max(...rs.map((r) => r!.end)), steps: [...new Set(rs.flatMap((r) => r!.steps))].sort((a, b) => a - b) };
    }
    case 'any': {
      let best: Hit | null = null;
      for (const m of e.of) {
        const r = earliest(cat, m, h, from);
        if (r && (!best || r.end < best.end)) best = r;
      }
      return best;
    }
  }
}

/** Why a group failed: the first member that is not found (sequences: after the previous member). */
function failure(cat: CheckpointCategory, e: CheckpointExpr, h: readonly HistoryEntry[], from: number): string {
  const show = (x: CheckpointExpr): string => JSON.stringify(exprToJson(x));
  const after = from > 0 ? ` after step ${h[from]?.step ?? from}` : '';
  switch (e.kind) {
    case 'leaf': return `${show(e)} is in no action${after}`;
    case 'any': return `none of ${e.of.map(show).join(', ')} is in any action${after}`;
    case 'all': {
      const miss = e.of.filter((m) => !earliest(cat, m, h, from));
      return `${miss.map(show).join(', ')} ${miss.length > 1 ? 'are' : 'is'} missing${after}`;
    }
    case 'seq': {
      let at = from;
      for (const m of e.of) {
        const r = earliest(cat, m, h, at);
        if (!r) return failure(cat, m, h, at) + (at > from || m !== e.of[0] ? ' (the group is sequential)' : '');
        at = r.end;
      }
      return 'not satisfied';
    }
  }
}

/** A sequence's members with nested sequences spliced in: `[[a, b], c]` is `[a, b, c]` in order. */
export function sequenceMembers(e: CheckpointExpr): CheckpointExpr[] {
  return e.kind === 'seq' ? e.of.flatMap(sequenceMembers) : [e];
}

/**
 * The most members of a sequence hit in order (each at or after the entry that hit the one before;
 * members missed are skipped), with the steps that hit them. Exact: taking a member at its earliest
 * end never leaves fewer chances to the members after it, so each (member, position) is decided once.
 */
function inOrder(cat: CheckpointCategory, members: readonly CheckpointExpr[], h: readonly HistoryEntry[]): { hit: number; steps: number[]; missed: CheckpointExpr[] } {
  const memo = new Map<string, { hit: number; steps: number[]; missed: CheckpointExpr[] }>();
  const best = (i: number, from: number): { hit: number; steps: number[]; missed: CheckpointExpr[] } => {
    if (i === members.length) return { hit: 0, steps: [], missed: [] };
    const key = `${i}:${from}`;
    const known = memo.get(key);
    if (known) return known;
    const skip = best(i + 1, from);
    let out = { hit: skip.hit, steps: skip.steps, missed: [members[i]!, ...skip.missed] };
    const r = earliest(cat, members[i]!, h, from);
    if (r) {
      const rest = best(i + 1, r.end);
      if (rest.hit + 1 >= out.hit) out = { hit: rest.hit + 1, steps: [...r.steps, ...rest.steps], missed: rest.missed };
    }
    memo.set(key, out);
    return out;
  };
  return best(0, 0);
}

/**
 * Scores one top-level checkpoint on the history. A sequential group counts one per member, hit in
 * order (the paper: "the count increases by one for each passed element", Score_Sequen =
 * |SC ∩ AH| / |SC|): `hit` of `of`; any other checkpoint counts one, all or nothing.
 */
export function scoreCheckpoint(cat: CheckpointCategory, e: CheckpointExpr, h: readonly HistoryEntry[]): CheckpointVerdict {
  const spelling = e.kind === 'leaf' ? e.value : JSON.stringify(exprToJson(e));
  const name = `${LABEL[cat]} ${e.kind === 'leaf' ? JSON.stringify(e.value) : spelling}`;
  if (e.kind === 'seq') {
    const members = sequenceMembers(e);
    const r = inOrder(cat, members, h);
    const of = members.length;
    const steps = [...r.steps];
    if (r.hit === of) return { category: cat, spelling, passed: true, hit: of, of, steps, sentence: `${name} is satisfied in order at steps ${steps.join(', ')} (${of} of ${of}).` };
    const show = (x: CheckpointExpr): string => JSON.stringify(exprToJson(x));
    return {
      category: cat, spelling, passed: false, hit: r.hit, of, steps,
      sentence: `${name}: ${r.hit} of ${of} hit in order${steps.length ? ` (steps ${steps.join(', ')})` : ''}; ${r.missed.map(show).join(', ')} ${r.missed.length > 1 ? 'are' : 'is'} not reached in order.`,
    };
  }
  const r = earliest(cat, e, h, 0);
  if (r) return { category: cat, spelling, passed: true, hit: 1, of: 1, steps: r.steps, sentence: `${name} is satisfied at step${r.steps.length > 1 ? 's' : ''} ${r.steps.join(', ')}.` };
  return { category: cat, spelling, passed: false, hit: 0, of: 1, steps: [], sentence: `${name} fails: ${failure(cat, e, h, 0)}.` };
}

/**
 * Mobile-Bench's CheckPoint scores of one action history: level 1 = package checkpoints passed /
 * package checkpoints, level 2 = all checkpoints passed / all checkpoints; a sequential group counts
 * one per member hit in order, any other entry once (a `&` / `|` group too). Completed = every
 * checkpoint passed. The test case's keys that are not scored are listed in `problems`, one sentence each.
 */
export function scoreCheckpoints(episode: string, task: CheckpointTask, history: readonly HistoryEntry[], problems: string[] = []): CheckpointResult {
  const verdicts: CheckpointVerdict[] = [];
  for (const cat of ['package', 'phrase', 'api'] as const) for (const e of task.checkpoints[cat]) verdicts.push(scoreCheckpoint(cat, e, history));
  const pk = verdicts.filter((v) => v.category === 'package');
  const sum = (vs: CheckpointVerdict[], k: 'hit' | 'of'): number => vs.reduce((n, v) => n + v[k], 0);
  const passed = { package: sum(pk, 'hit'), all: sum(verdicts, 'hit') };
  const total = { package: sum(pk, 'of'), all: sum(verdicts, 'of') };
  const failed = verdicts.filter((v) => !v.passed);
  const res: CheckpointResult = {
    method: 'checkpoints', episode,
    completed: total.all ? failed.length === 0 : undefined,
    level1: total.package ? passed.package / total.package : 1,
    level2: total.all ? passed.all / total.all : 0,
    passed, total,
    evidence: { verdicts, history: history.map((x) => `step ${x.step}: ${x.describe}`) },
    problems: [...problems, ...(task.unsupported ?? []).map((u) => `Test case ${task.id}: "${u.key}" ${JSON.stringify(u.value)} is not supported: ${u.why}; not scored.`)],
  };
  if (!total.all) res.reason = `Test case ${task.id} has no CheckPoints.`;
  else if (failed.length) res.reason = `${total.all - passed.all} of ${total.all} CheckPoints failed: ${failed.map((v) => v.sentence).join(' ')}`;
  return res;
}
