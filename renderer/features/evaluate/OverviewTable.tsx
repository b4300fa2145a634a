import { useEffect, useRef, useState } from 'react';
import { CLAIM_LABELS } from '../../../shared/evaluation/claims';
import type { EvalCell, EvalExtraCell, EvalExtraMethod } from '../../../shared/contract/evaluation';
import { EVAL_METHOD_KEYS } from '../../../shared/contract/evaluation-methods';
import { METHOD_LABELS } from '../../../shared/evaluation/overview-metrics';
import { cellKey, type OverviewRow } from './overview-rows';

export const ROW_H = 30;
const SHORT: Record<string, string> = { essential: 'E', legacy: 'L', stepwise: 'S', lcs: 'C', judge: 'J', hybrid: 'Hy', checkpoints: 'CP' };
export const EXTRA_LABELS: Record<EvalExtraMethod, string> = { judge: 'LLM judge (A3)', hybrid: 'hybrid (essential + judge)', checkpoints: 'CheckPoints (Mobile-Bench)' };

const mark = (v: boolean | undefined): string => (v === undefined ? '–' : v ? '✓' : '✗');
const state = (v: boolean | undefined): string => (v === undefined ? 'none' : v ? 'pass' : 'fail');

interface Props {
  rows: readonly OverviewRow[];
  agents: readonly string[];
  human: Record<string, Record<string, boolean>>;
  cursor: { episode: string; agent: string } | null;
  onSelect(episode: string, agent: string): void;
  onOpen(episode: string, agent: string): void;
  /** Extra method columns shown, their verdicts by cellKey, and why a column is empty. */
  extraOn?: readonly EvalExtraMethod[];
  extra?: ReadonlyMap<string, EvalExtraCell>;
  unavailable?: Partial<Record<EvalExtraMethod, string>>;
}

/** One extra method's mark: ✓/✗, `?` when queued for a human, the CheckPoints score, `–` with the reason when empty. */
function ExtraMark({ m, v, why }: { m: EvalExtraMethod; v: EvalExtraCell[EvalExtraMethod]; why?: string }) {
  const st = v?.needsHuman ? 'human' : state(v?.completed);
  const text = v?.needsHuman ? '?' : m === 'checkpoints' && v?.score ? v.score : mark(v?.completed);
  return <span className={`v x ${st}${m === 'checkpoints' ? ' cp' : ''}`} data-method={m} data-verdict={st} title={`${EXTRA_LABELS[m]}: ${v?.reason ?? why ?? (v ? 'completed' : 'not computed')}`}>{text}</span>;
}

function AgentCells({ cell, human, selected, onClick, onOpen, extraOn, extra, unavailable }: { cell: EvalCell | undefined; human: boolean | undefined; selected: boolean; onClick(): void; onOpen(): void } & Pick<Props, 'extraOn' | 'unavailable'> & { extra?: EvalExtraCell }) {
  if (!cell) return <div className="ov-agent empty" title="No trace for this task">no trace</div>;
  const agree = human === undefined || cell.verdicts.essential === undefined ? undefined : human === cell.verdicts.essential;
  return (
    <div className={`ov-agent${selected ? ' selected' : ''}`} data-agent={cell.agent} onClick={onClick} onDoubleClick={onOpen} data-claim={cell.claim ?? ''} title={[cell.error ?? cell.reason ?? 'Completed', cell.claim && `The agent claimed: ${CLAIM_LABELS[cell.claim]}.`, ...(cell.sideEffects ?? [])].filter(Boolean).join('\n')}>
      {EVAL_METHOD_KEYS.map((m) => <span key={m} className={`v ${state(cell.verdicts[m])}`} data-method={m} data-verdict={state(cell.verdicts[m])}>{mark(cell.verdicts[m])}</span>)}
      {extraOn?.map((m) => <ExtraMark key={m} m={m} v={extra?.[m]} why={unavailable?.[m]} />)}
      <span className="prog" title={`essential progress ${Math.round((cell.progress ?? 0) * 100)}%`}><span style={{ width: `${Math.round((cell.progress ?? 0) * 100)}%` }} /></span>
      <span className={`h ${state(human)}`} data-human={human === undefined ? '' : human ? '1' : '0'} title="human label">{human === undefined ? '·' : human ? 'H✓' : 'H✗'}</span>
      <span className={`agree ${agree === false ? 'no' : ''}`} data-agrees={agree === undefined ? '' : String(agree)}>{agree === undefined ? '' : agree ? '=' : '≠'}</span>
    </div>
  );
}

/**
 * Tasks x agents, every method's verdict side by side (E essential fixed, L legacy, S step-wise,
 * C LCS), essential progress, the human label and agreement. Only the rows in view (plus a margin)
 * are rendered, so 500 tasks x 4 agents scroll smoothly; the cursor row is kept in view.
 */
export function OverviewTable({ rows, agents, human, cursor, onSelect, onOpen, extraOn = [], extra, unavailable }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setView({ top: el.scrollTop, height: el.clientHeight });
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const at = cursor ? rows.findIndex((r) => r.task.episode === cursor.episode) : -1;
  useEffect(() => {
    const el = ref.current;
    if (!el || at < 0) return;
    if (at * ROW_H < el.scrollTop) el.scrollTop = at * ROW_H;
    else if ((at + 1) * ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = (at + 1) * ROW_H - el.clientHeight;
  }, [at]);
  const first = Math.max(0, Math.floor(view.top / ROW_H) - 8);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_H) + 8);
  const agentW = 190 + 30 * extraOn.length;
  const cols = `minmax(200px, 2fr) 90px 70px ${agents.map(() => `minmax(${agentW}px, 1fr)`).join(' ')}`;
  // Wider than the pane: rows and head scroll sideways together (the head follows the body's scrollLeft).
  const minWidth = 200 + 90 + 70 + agents.length * agentW + 8 * (2 + agents.length) + 20;
  const head = useRef<HTMLDivElement>(null);
  const keys = [...EVAL_METHOD_KEYS, ...extraOn];
  return (
    <div className="ov-table" data-row-count={rows.length}>
      <div className="ov-head-scroll" ref={head}><div className="ov-head" style={{ gridTemplateColumns: cols, minWidth }}>
        <div>Task</div><div>Category</div><div>Steps</div>
        {agents.map((a) => (
          <div key={a} className="ov-agent-head" title={keys.map((m) => `${SHORT[m]} = ${m in EXTRA_LABELS ? EXTRA_LABELS[m as EvalExtraMethod] : METHOD_LABELS[m as keyof typeof METHOD_LABELS]}`).join(', ')}>
            <b>{a}</b> <span className="muted">{EVAL_METHOD_KEYS.map((m) => SHORT[m]).join(' ')}{extraOn.map((m) => <span key={m} data-head={m} className={unavailable?.[m] ? 'unavailable' : ''} title={unavailable?.[m]}> {SHORT[m]}{unavailable?.[m] ? '∅' : ''}</span>)} · progress · human</span>
          </div>
        ))}
      </div></div>
      <div className="ov-body" ref={ref} onScroll={(e) => { setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight }); if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft; }}>
        <div style={{ height: rows.length * ROW_H, position: 'relative', minWidth }}>
          {rows.slice(first, last).map((r, k) => {
            const i = first + k;
            return (
              <div key={r.task.episode} className={`ov-row${i === at ? ' cursor' : ''}`} data-episode={r.task.episode} style={{ top: i * ROW_H, height: ROW_H, gridTemplateColumns: cols }}>
                <div className="ov-task" title={r.task.description}><span className="mono">{r.task.episode}</span> <span className="muted">{r.task.description}</span></div>
                <div className="muted">{r.task.category}</div>
                <div className="muted">{r.task.nsteps} · {r.task.difficulty.split(' ')[0]}</div>
                {agents.map((a) => (
                  <AgentCells key={a} cell={r.cells[a]} human={human[a]?.[r.task.episode]} selected={cursor?.episode === r.task.episode && cursor.agent === a}
                    extraOn={extraOn} extra={extra?.get(cellKey(a, r.task.episode))} unavailable={unavailable}
                    onClick={() => onSelect(r.task.episode, a)} onOpen={() => onOpen(r.task.episode, a)} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
