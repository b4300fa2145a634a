import type { EvalOverview, EvalQueueItem } from '../../../shared/contract/evaluation';

/**
 * The "needs a human" queue: every task x agent the judge models or the hybrid could not decide,
 * with why. Clicking selects it; with the queue filter on, y / n label the selected one and move on.
 */
export function QueuePanel({ queue, overview, cursor, onPick }: { queue: readonly EvalQueueItem[]; overview: EvalOverview; cursor: { episode: string; agent: string } | null; onPick(episode: string, agent: string): void }) {
  const labelled = queue.filter((q) => overview.human[q.agent]?.[q.episode] !== undefined).length;
  return (
    <section className="ev-queue" data-queue-size={queue.length} data-queue-labelled={labelled}>
      <h4>Needs a human: {queue.length} ({labelled} labelled) <span className="muted">y / n label, then the next one</span></h4>
      <ul>
        {queue.map((q) => {
          const h = overview.human[q.agent]?.[q.episode];
          const on = cursor?.agent === q.agent && cursor.episode === q.episode;
          return (
            <li key={`${q.method}-${q.agent}-${q.episode}`} className={on ? 'on' : ''} data-queue-item data-episode={q.episode} data-agent={q.agent} data-method={q.method}
              data-human={h === undefined ? '' : h ? '1' : '0'} onClick={() => onPick(q.episode, q.agent)}>
              <span className="mono">{q.episode}</span> · {q.agent} · {q.method} <b className={h === undefined ? '' : h ? 'pass' : 'fail'}>{h === undefined ? '' : h ? 'H✓' : 'H✗'}</b>
              <div className="muted">{q.why}</div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
