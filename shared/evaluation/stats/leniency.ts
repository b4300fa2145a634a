/**
 * How lenient a method is against human labels: false accepts / (false accepts + false rejects).
 * 1 = every error is accepting a failed run (too lenient), 0 = every error is rejecting a
 * completed one (too strict), 0.5 = balanced; undefined without errors (nothing to lean either way).
 */
export function leniency(falseAccepts: number, falseRejects: number): number | undefined {
  const e = falseAccepts + falseRejects;
  return e > 0 ? falseAccepts / e : undefined;
}
