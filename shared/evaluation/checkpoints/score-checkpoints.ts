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

/** Scores one top-level checkpoint on the history. */
export function scoreCheckpoint(cat: CheckpointCategory, e: CheckpointExpr, h: readonly HistoryEntry[]): CheckpointVerdict {
  const spelling = e.kind === 'leaf' ? e.value : JSON.stringify(exprToJson(e));
  const r = earliest(cat, e, h, 0);
  const name = `${LABEL[cat]} ${e.kind === 'leaf' ? JSON.stringify(e.value) : spelling}`;
  if (r) return { category: cat, spelling, passed: true, steps: r.steps, sentence: `${name} is satisfied at step${r.steps.length > 1 ? 's' : ''} ${r.steps.join(', ')}.` };
  return { category: cat, spelling, passed: false, steps: [], sentence: `${name} fails: ${failure(cat, e, h, 0)}.` };
}

/**
 * Mobile-Bench's CheckPoint scores of one action history: level 1 = package checkpoints passed /
 * package checkpoints, level 2 = all checkpoints passed / all checkpoints; each top-level entry of a
 * category counts once (a group counts once). Completed = every checkpoint passed.
 */
export function scoreCheckpoints(episode: string, task: CheckpointTask, history: readonly HistoryEntry[], problems: string[] = []): CheckpointResult {
  const verdicts: CheckpointVerdict[] = [];
  for (const cat of ['package', 'phrase', 'api'] as const) for (const e of task.checkpoints[cat]) verdicts.push(scoreCheckpoint(cat, e, history));
  const pk = verdicts.filter((v) => v.category === 'package');
  const passed = { package: pk.filter((v) => v.passed).length, all: verdicts.filter((v) => v.passed).length };
  const total = { package: pk.length, all: verdicts.length };
  const failed = verdicts.filter((v) => !v.passed);
  const res: CheckpointResult = {
    method: 'checkpoints', episode,
    completed: total.all ? failed.length === 0 : undefined,
    level1: total.package ? passed.package / total.package : 1,
    level2: total.all ? passed.all / total.all : 0,
    passed, total,
    evidence: { verdicts, history: history.map((x) => `step ${x.step}: ${x.describe}`) },
    problems,
  };
  if (!total.all) res.reason = `Test case ${task.id} has no CheckPoints.`;
  else if (failed.length) res.reason = `${failed.length} of ${total.all} CheckPoints failed: ${failed.map((v) => v.sentence).join(' ')}`;
  return res;
}
