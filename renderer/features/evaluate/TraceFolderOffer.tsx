import { useState } from 'react';
import type { FolderKind } from '../../../shared/contract/evaluation';
import { useAppStore } from '../../store';
import { useEvalStore } from './eval-store';

/**
 * For the dataset open screen: a folder of agent traces (or one trace) is recognised before it is
 * scanned as a dataset (its captured_data/ folders would become broken "episodes") and offered to
 * the evaluation view as an agent's traces. `open` opens anything else as a dataset.
 */
export function useTraceFolderOffer(openPath: (p: string) => Promise<void>) {
  const [found, setFound] = useState<FolderKind | null>(null);
  const open = async (p: string) => {
    const kind = await useAppStore.getState().client.call('eval:inspect', { path: p.trim() }).catch(() => null);
    if (kind && (kind.kind === 'trace' || kind.kind === 'traces')) setFound(kind);
    else { setFound(null); await openPath(p); }
  };
  const offer = found && (
    <div className="error-box trace-offer" role="alert" data-folder-kind={found.kind}>
      {found.kind === 'trace' ? `${found.path} is one agent trace (episode ${found.episode}, ${found.layout} layout)` : `${found.path} holds ${found.kind === 'traces' ? found.traces : ''} agent traces`}, not a dataset.{' '}
      <button className="btn btn-small" type="button" onClick={() => {
        const name = found.path.split(/[\\/]/).filter(Boolean).pop() ?? 'agent';
        useEvalStore.getState().close();
        useEvalStore.getState().setPrefill({ agents: [{ name, path: found.path }] });
        useAppStore.getState().setView('evaluate');
      }}>Evaluate it as an agent's traces</button>
    </div>
  );
  return { open, offer };
}
