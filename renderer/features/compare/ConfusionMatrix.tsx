import type { Comparison } from '../../../shared/evaluation/compare';

const pct = (k: number, n: number): string => (n ? `${((100 * k) / n).toFixed(1)}%` : '–');

/** The outcome confusion matrix of two results on the episodes both judged, with each side's rate. */
export function ConfusionMatrix({ r }: { r: Comparison }) {
  const p = r.paired;
  return (
    <table className="compare-matrix" data-testid="compare-matrix" data-n={p.n}>
      <caption>{p.n} episode(s) judged by both: A {r.a.name} {pct(p.both + p.onlyA, p.n)}, B {r.b.name} {pct(p.both + p.onlyB, p.n)}</caption>
      <thead><tr><th /><th>B completed</th><th>B not completed</th></tr></thead>
      <tbody>
        <tr><th>A completed</th><td data-cell="both">{p.both}</td><td data-cell="onlyA">{p.onlyA}</td></tr>
        <tr><th>A not completed</th><td data-cell="onlyB">{p.onlyB}</td><td data-cell="neither">{p.neither}</td></tr>
      </tbody>
    </table>
  );
}
