import { useEffect } from 'react';
import { useAppStore } from '../../store';
import { useEvalStore } from './eval-store';

/**
 * `touchstone serve --dataset D --traces NAME=DIR`: once booted on the start page (no place in the URL)
 * or on the evaluation view, the preset evaluation opens (from the cache first) and the view shows it.
 */
export function useEvalPreset(): void {
  const ready = useAppStore((s) => s.bootStatus === 'ready');
  useEffect(() => {
    if (!ready) return;
    // The start page (the URL names no dataset: '', '#/dataset' once the URL is synced) or the evaluation view.
    const route = window.location.hash.replace(/^#\/?/, '');
    const { client, setView, dataset } = useAppStore.getState();
    if (dataset || !['', 'dataset', 'evaluate'].includes(route)) return;
    const ev = useEvalStore.getState();
    if (ev.status !== 'idle' || ev.overview) return;
    void client.call('eval:preset', {}).then((p) => {
      if (!p) return;
      setView('evaluate');
      void useEvalStore.getState().open(client, p);
    }).catch(() => undefined);
  }, [ready]);
}
