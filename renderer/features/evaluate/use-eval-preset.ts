import { useEffect } from 'react';
import { useAppStore } from '../../store';

/**
 * `touchstone serve --dataset D --traces NAME=DIR`: once booted on the start page (no place in the URL),
 * the app goes straight to the evaluation view, which opens the preset.
 */
export function useEvalPreset(): void {
  const ready = useAppStore((s) => s.bootStatus === 'ready');
  useEffect(() => {
    if (!ready || window.location.hash.replace(/^#\/?/, '') !== '') return;
    const { client, setView, dataset } = useAppStore.getState();
    if (dataset) return;
    void client.call('eval:preset', {}).then((p) => { if (p) setView('evaluate'); }).catch(() => undefined);
  }, [ready]);
}
