import type { TouchstoneClient } from '../../api/client';
import { useEvalStore } from './eval-store';

/** In a replay opened from the comparison: the flipped episode's two agents, one click apart. */
export function ReplayPair({ client }: { client: TouchstoneClient }) {
  const pair = useEvalStore((s) => s.pair);
  const detail = useEvalStore((s) => s.detail);
  const openReplay = useEvalStore((s) => s.openReplay);
  if (!pair || detail?.episode !== pair.episode) return null;
  const side = (label: string, agent: string) => (
    <button className={`btn btn-small${detail.agent === agent ? ' on' : ''}`} data-pair-side={label} data-agent={agent} aria-pressed={detail.agent === agent}
      onClick={() => void openReplay(client, { episode: pair.episode, agent })}>{label}: {agent}</button>
  );
  return <div className="replay-pair" data-testid="replay-pair">replay of {side('A', pair.a)}{side('B', pair.b)}</div>;
}
