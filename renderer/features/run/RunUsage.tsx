import { useEffect, useState } from 'react';
import type { RunUsage as Usage } from '../../../shared/contract/run';
import { useAppStore } from '../../store';
import type { LiveRunState } from './run-store';

const usd = (n: number | undefined): string => (n === undefined ? '—' : `$${n < 0.01 ? n.toFixed(6) : n.toFixed(4)}`);
const int = (n: number): string => n.toLocaleString('en-US');

interface EpisodeUsage { key: string; episode: string; agent: string; repeat: number; device: string; usage: Usage; done: boolean }

/** Per episode: the final usage of finished ones, else the usage its last step reported. */
export function episodeUsages(run: Pick<LiveRunState, 'steps' | 'episodes'>): EpisodeUsage[] {
  const by = new Map<string, EpisodeUsage>();
  for (const s of run.steps) if (s.usage) by.set(`${s.agent}/${s.repeat}/${s.episode}/${s.device}`, { key: `${s.agent}/${s.repeat}/${s.episode}/${s.device}`, episode: s.episode, agent: s.agent, repeat: s.repeat, device: s.device, usage: s.usage, done: false });
  for (const e of run.episodes) if (e.usage) by.set(`${e.agent}/${e.repeat}/${e.episode}/${e.device}`, { key: `${e.agent}/${e.repeat}/${e.episode}/${e.device}`, episode: e.episode, agent: e.agent, repeat: e.repeat, device: e.device, usage: e.usage, done: true });
  return [...by.values()];
}

/** Tokens and cost so far: the run's total and each episode's (LLM-backed agents; nothing for the others). */
export function RunUsage({ run }: { run: LiveRunState }) {
  const rows = episodeUsages(run);
  const total = run.usage;
  if (!total && !rows.length) return null;
  const t = total ?? { requests: 0, tokensIn: 0, tokensOut: 0 };
  return (
    <section className="run-usage" aria-label="Tokens and cost" data-tokens-in={t.tokensIn} data-tokens-out={t.tokensOut} data-requests={t.requests} data-cost={t.costUsd ?? ''}>
      <div className="run-usage-total">
        <span>{run.status === 'running' ? 'Run so far' : 'Run total'}: <b>{int(t.tokensIn)}</b> tokens in · <b>{int(t.tokensOut)}</b> out · <b>{t.requests}</b> request{t.requests === 1 ? '' : 's'}</span>
        <span>Cost: <b>{usd(t.costUsd)}</b>{t.costUsd === undefined && <span className="muted"> (give prices in the agent settings)</span>}</span>
      </div>
      <table aria-label="Tokens and cost per episode">
        <thead><tr><th>episode</th><th>agent</th><th>device</th><th>tokens in</th><th>tokens out</th><th>requests</th><th>cost</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-usage-episode={r.episode} data-tokens-in={r.usage.tokensIn} data-done={String(r.done)}>
              <td className="mono">{r.episode}</td><td>{r.agent} r{r.repeat}</td><td className="mono">{r.device}</td>
              <td>{int(r.usage.tokensIn)}</td><td>{int(r.usage.tokensOut)}</td><td>{r.usage.requests}</td><td>{usd(r.usage.costUsd)}{r.done ? '' : ' so far'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** For the http and mcp agents: where an external agent attaches (URL and token), from the run's live state. */
export function RunAttach({ run }: { run: LiveRunState }) {
  const client = useAppStore((s) => s.client);
  const [lines, setLines] = useState<string[] | null>(null);
  const wanted = run.status === 'running' && !!run.agents?.some((a) => a === 'http' || a === 'mcp');
  useEffect(() => {
    if (!wanted) return;
    let stop = false;
    let tries = 0;
    const poll = async (): Promise<void> => {
      const live = await client.call('run:live', { jobId: run.jobId }).catch(() => null);
      if (stop) return;
      if (live?.attach) setLines(live.attach);
      else if (++tries < 60) setTimeout(() => void poll(), 500);
    };
    void poll();
    return () => { stop = true; };
  }, [wanted, client, run.jobId]);
  if (!wanted || !lines) return null;
  return <pre className="run-attach" aria-label="Attach your agent">{lines.join('\n')}</pre>;
}
