import type { Problem } from '../../shared/model';

/** Located problems (file:line, step) with what to do; open by default when one is an error. */
export function ProblemList({ problems, scope, className = 'problems', open }: { problems: readonly Problem[]; scope: string; className?: string; open?: boolean }) {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const parts = [errors ? `${errors} error${errors > 1 ? 's' : ''}` : '', warnings ? `${warnings} warning${warnings > 1 ? 's' : ''}` : ''].filter(Boolean);
  return (
    <details className={className} open={open ?? errors > 0} data-problem-count={problems.length}>
      <summary>{parts.join(', ')} {scope}</summary>
      <ul>
        {problems.map((p, i) => (
          <li key={i} data-severity={p.severity}>
            <span className="mono">{p.file}{p.line ? `:${p.line}` : ''}{p.step !== undefined ? ` (step ${p.step})` : ''}</span> {p.message}
            {p.hint && <span className="hint-text"> — {p.hint}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
