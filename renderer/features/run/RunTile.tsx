import { memo } from 'react';
import type { ExecAction } from '../../../shared/model';
import type { RunStepEvent } from '../../../shared/contract/run';
import { TileScreen } from './TileScreen';

/** The action drawn on the screen it was taken on (normalised coordinates scaled to the screen). */
export function ActionMark({ action }: { action: ExecAction }) {
  if (!('screen' in action) || !action.screen) return null;
  const { width: w, height: h } = action.screen;
  const r = Math.max(w, h) * 0.025;
  const label = (text: string) => <text x={w / 2} y={h * 0.94} textAnchor="middle" className="mark-label" fontSize={h * 0.03}>{text}</text>;
  return (
    <svg className="action-mark" viewBox={`0 0 ${w} ${h}`} data-action-kind={action.kind}>
      {(action.kind === 'click' || action.kind === 'long-click') && <circle cx={action.at.x * w} cy={action.at.y * h} r={r} />}
      {action.kind === 'swipe' && <>
        <line x1={action.from.x * w} y1={action.from.y * h} x2={action.to.x * w} y2={action.to.y * h} strokeWidth={r / 2} />
        <circle cx={action.to.x * w} cy={action.to.y * h} r={r / 2} />
      </>}
      {action.kind === 'type' && label(`type "${action.text}"`)}
      {['back', 'home', 'enter', 'complete', 'impossible'].includes(action.kind) && label(action.kind)}
    </svg>
  );
}

/**
 * One device of a live run: its current screen with the last action, the episode and its state.
 * Memoised: a step on another device does not re-render this tile.
 */
export const RunTile = memo(function RunTile({ device, last, episode, outcome, reason, ended, onCancel }: {
  device: string; last?: RunStepEvent; episode?: string; outcome?: string;
  /** Why the device's last episode ended as it did (interrupted, cancelled, error). */
  reason?: string;
  /** The run is over: a tile without a step is not waiting for one. */
  ended?: boolean;
  onCancel?(device: string): void;
}) {
  const stopped = !episode && (outcome === 'interrupted' || outcome === 'cancelled' || outcome === 'error');
  const empty = episode ? 'Waiting for the first step…'
    : stopped ? `${outcome === 'interrupted' ? 'Interrupted' : outcome === 'cancelled' ? 'Cancelled' : 'Failed'} before its first step${reason ? `: ${reason}` : '.'}`
      : ended ? 'No step recorded.' : 'Waiting for the first step…';
  return (
    <article className="run-tile" data-device={device} data-step={last?.step ?? -1} data-running={episode ? 'true' : 'false'} data-ended-outcome={episode ? undefined : outcome} aria-label={`Device ${device}`}>
      <header>
        <span className="mono">{device}</span>
        <span className="muted">{episode ? `${episode} · step ${last && last.episode === episode ? last.step : '…'}` : outcome ?? 'idle'}</span>
        {onCancel && episode && <button type="button" className="btn btn-small" data-action="cancel-episode" onClick={() => onCancel(device)} title="Stop this episode (its recorded steps are kept); the run goes on">Cancel episode</button>}
      </header>
      <div className="run-tile-screen" style={last?.action && 'screen' in last.action && last.action.screen ? { aspectRatio: `${last.action.screen.width} / ${last.action.screen.height}` } : undefined}>
        {last ? <><TileScreen url={last.url} label={`step ${last.step} of ${last.episode}`} /><ActionMark action={last.action} /></> : <div className="muted" data-tile-empty>{empty}</div>}
      </div>
      {last && <div className="run-tile-foot">{last.description}</div>}
      {last && stopped && <div className="run-tile-foot error-box" data-tile-stopped>{outcome === 'interrupted' ? 'Interrupted' : outcome === 'cancelled' ? 'Cancelled (steps kept)' : 'Failed'}{reason ? `: ${reason}` : ''}</div>}
    </article>
  );
});
