import { difficultyOf } from '../metrics';
import type { CheckpointResult } from './types';

/** Mean CheckPoint scores of a group of annotated episodes, next to their pass rate. */
export interface CheckpointSummary {
  by: 'all' | 'category' | 'difficulty';
  group: string;
  /** Episodes with CheckPoints in this group. */
  n: number;
  /** Mean level 1 (packages) and level 2 (all checkpoints). */
  level1: number;
  level2: number;
  /** Fraction of the group's episodes whose every checkpoint passed. */
  passRate: number;
}

/** One evaluated episode as the summary needs it. */
export interface CheckpointRow { category: string; nsteps: number; result?: CheckpointResult }

function summary(by: CheckpointSummary['by'], group: string, rows: readonly CheckpointRow[]): CheckpointSummary | undefined {
  const rs = rows.map((r) => r.result).filter((r): r is CheckpointResult => r !== undefined && r.completed !== undefined);
  if (!rs.length) return undefined;
  const mean = (f: (r: CheckpointResult) => number): number => rs.reduce((a, r) => a + f(r), 0) / rs.length;
  return { by, group, n: rs.length, level1: mean((r) => r.level1), level2: mean((r) => r.level2), passRate: mean((r) => (r.completed ? 1 : 0)) };
}

/** Overall, per category and per difficulty (as the other methods' tables); groups without annotations are left out. */
export function summariseCheckpoints(rows: readonly CheckpointRow[]): CheckpointSummary[] {
  const out: (CheckpointSummary | undefined)[] = [summary('all', 'all', rows)];
  for (const c of [...new Set(rows.map((r) => r.category))].sort()) out.push(summary('category', c || '(none)', rows.filter((r) => r.category === c)));
  for (const d of ['easy (<=4)', 'medium (5-8)', 'hard (>8)']) out.push(summary('difficulty', d, rows.filter((r) => difficultyOf(r.nsteps) === d)));
  return out.filter((s): s is CheckpointSummary => s !== undefined);
}

/** Terminal table: annotated episodes, PassRate, CheckPoint level 1 and level 2 per group. */
export function checkpointTable(rows: readonly CheckpointSummary[]): string {
  const pct = (v: number): string => `${(v * 100).toFixed(1)}%`.padStart(9);
  const head = `${'group'.padEnd(22)} ${'n'.padStart(5)} ${'PassRate'.padStart(9)} ${'CP L1'.padStart(9)} ${'CP L2'.padStart(9)}`;
  const lines = rows.map((s) => `${(s.by === 'all' ? 'all' : `${s.by === 'category' ? 'cat' : 'diff'} ${s.group}`).slice(0, 22).padEnd(22)} ${String(s.n).padStart(5)} ${pct(s.passRate)} ${pct(s.level1)} ${pct(s.level2)}`);
  return [head, '-'.repeat(head.length), ...lines].join('\n');
}
