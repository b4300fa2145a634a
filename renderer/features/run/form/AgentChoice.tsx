import type { AgentInfo } from '../../../../shared/kinds/agents';

/** The agent picker: every kind `run:agents` describes (label, with its summary as the tooltip). */
export function AgentChoice({ kinds, agent, onChange }: { kinds: AgentInfo[] | null; agent: string; onChange(name: string): void }) {
  const known = kinds?.some((k) => k.name === agent);
  return (
    <label>Agent <select className="input" aria-label="Agent" value={agent} onChange={(e) => onChange(e.target.value)}>
      {(kinds ?? []).map((a) => <option key={a.name} value={a.name} title={a.summary}>{a.label}</option>)}
      {!known && <option value={agent}>{kinds ? agent : `${agent} (loading the agents…)`}</option>}
    </select></label>
  );
}
