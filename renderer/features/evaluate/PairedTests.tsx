import type { EvalOverview } from '../../../shared/contract/evaluation';
import { pairedAgents, pairedMethods, type PairedComparison } from '../../../shared/evaluation/method-stats';
import { METHOD_LABELS } from '../../../shared/evaluation/overview-metrics';
import { formatPaired } from '../../../shared/evaluation/stats/mcnemar';

const name = (s: string): string => (s in METHOD_LABELS ? METHOD_LABELS[s as keyof typeof METHOD_LABELS] : s);
const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

function Row({ p, kind }: { p: PairedComparison; kind: string }) {
  return (
    <tr data-paired={kind} data-a={p.a} data-b={p.b} data-p={p.test.p} className={p.test.p < 0.05 ? 'sig' : ''}>
      <td>{name(p.a)} vs {name(p.b)}</td><td>{pct(p.rateA)} / {pct(p.rateB)}</td><td title={formatPaired(p.test)}>{p.test.p < 0.001 ? '< 0.001' : p.test.p.toFixed(3)}</td>
      <td>{p.test.b}/{p.test.c} of {p.test.paired}</td><td>{p.test.method === 'exact' ? 'exact' : 'χ²'}</td>
    </tr>
  );
}

/**
 * Whether two agents (essential, fixed) or two methods (on the selected agent) really differ: McNemar
 * on the episodes both decided, exact below 25 discordant pairs, else chi-square.
 */
export function PairedTests({ overview, agent }: { overview: EvalOverview; agent: string }) {
  const agents = pairedAgents(overview);
  const methods = pairedMethods(overview, agent);
  if (!agents.length && !methods.length) return null;
  return (
    <table className="ev-paired" data-testid="paired-tests">
      <caption>Paired tests (McNemar): do they differ on the same episodes?</caption>
      <thead><tr><th>Pair</th><th>rates</th><th>p</th><th title="episodes only the first / only the second completed, of the paired ones">discordant</th><th>test</th></tr></thead>
      <tbody>
        {agents.map((p) => <Row key={`a-${p.a}-${p.b}`} p={p} kind="agents" />)}
        {methods.map((p) => <Row key={`m-${p.b}`} p={{ ...p, a: `${agent}: ${name(p.a)}` }} kind="methods" />)}
      </tbody>
    </table>
  );
}
