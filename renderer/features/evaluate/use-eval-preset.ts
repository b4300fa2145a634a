import { useEffect } from 'react';
import type { EvalSpec } from '../../../shared/contract/evaluation';
import { useAppStore } from '../../store';
import { useEvalStore } from './eval-store';

/** The start page (the URL names no dataset: '', '#/dataset' once the URL is synced) or the evaluation view. */
const onStartPage = (): boolean => ['', 'dataset', 'evaluate'].includes(window.location.hash.replace(/^#\/?/, ''));

/**
 * `touchstone serve --dataset D --traces NAME=DIR`: on the start page the preset evaluation starts
 * opening at once (from the cache first), alongside the app's boot, and the app shows the evaluation
 * view whenever it is booted on the start page without a dataset, until the user leaves it for the
 * datasets (`dismissPreset`). Watching the store, not one moment, keeps this right however the
 * boot's own route handling interleaves with the preset's answer.
 */
export function useEvalPreset(): void {
  useEffect(() => {
    if (!onStartPage()) return;
    const { client } = useAppStore.getState();
    let spec: EvalSpec | null = null;
    const apply = (): void => {
      const s = useAppStore.getState();
      if (!spec || useEvalStore.getState().presetDismissed || s.bootStatus !== 'ready' || s.dataset || s.view === 'evaluate' || !onStartPage()) return;
      s.setView('evaluate');
    };
    const unsubscribe = useAppStore.subscribe(apply);
    let live = true;
    void client.call('eval:preset', {}).catch(() => null).then((p) => {
      if (!live || !p) return;
      spec = p;
      const ev = useEvalStore.getState();
      if (ev.status === 'idle' && !ev.overview) void ev.open(client, p);
      apply();
    });
    return () => { live = false; unsubscribe(); };
  }, []);
}
