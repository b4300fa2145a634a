import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { LIMITS, fitSizes, loadSizes, saveSizes, sizeAfterKey, type PanelName, type PanelSizes } from './panel-sizes';

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

interface PanelState {
  sizes: PanelSizes;
  set(name: PanelName, value: number): void;
}

/** The annotation view's panel sizes, remembered in localStorage. */
export const usePanelStore = create<PanelState>()((set, get) => ({
  sizes: loadSizes(storage()),
  set(name, value) {
    const sizes = { ...get().sizes, [name]: value };
    set({ sizes });
    saveSizes(storage(), sizes);
  },
}));

/** The sizes as they fit the window now (re-fitted when it resizes), as CSS variables for the workspace. */
export function usePanelVars(): Record<string, string> {
  const sizes = usePanelStore((p) => p.sizes);
  const [vp, setVp] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const on = () => setVp({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  const fit = fitSizes(sizes, vp);
  return { '--task-w': `${fit.task}px`, '--side-w': `${fit.side}px`, ...(fit.editor !== null ? { '--editor-h': `${fit.editor}px` } : {}) };
}

const SPEC: Record<PanelName, { orientation: 'vertical' | 'horizontal'; grow: 'ArrowRight' | 'ArrowLeft' | 'ArrowDown'; label: string; measure: string }> = {
  task: { orientation: 'vertical', grow: 'ArrowRight', label: 'Resize the task list', measure: '.task-panel' },
  side: { orientation: 'vertical', grow: 'ArrowLeft', label: 'Resize the editor column', measure: '.annotate-side' },
  editor: { orientation: 'horizontal', grow: 'ArrowDown', label: 'Resize the essential-state editor', measure: '.ess-editor' },
};

/**
 * A drag handle between two panels (role separator): drag it, or focus it and
 * use the arrows (Shift: bigger steps), Home and End. The size is kept.
 */
export function PanelHandle({ panel }: { panel: PanelName }) {
  const spec = SPEC[panel];
  const value = usePanelStore((p) => p.sizes[panel]);
  const setSize = usePanelStore((p) => p.set);
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ at: number; from: number } | null>(null);
  // What is on screen (the fitted or content size), so a drag starts where the panel is.
  const current = (): number => {
    const el = ref.current?.closest('.workspace')?.querySelector(spec.measure);
    const r = el?.getBoundingClientRect();
    return r ? Math.round(spec.orientation === 'vertical' ? r.width : r.height) : value ?? LIMITS[panel][0];
  };
  const sign = spec.grow === 'ArrowLeft' ? -1 : 1;
  const coord = (e: React.PointerEvent) => (spec.orientation === 'vertical' ? e.clientX : e.clientY);
  const [lo, hi] = LIMITS[panel];
  return (
    <div ref={ref} role="separator" tabIndex={0} aria-orientation={spec.orientation} aria-label={spec.label}
      aria-valuemin={lo} aria-valuemax={hi} aria-valuenow={value ?? undefined} data-panel={panel}
      className={`panel-handle panel-handle-${spec.orientation}`}
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { at: coord(e), from: current() };
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (d) setSize(panel, Math.max(lo, Math.min(hi, d.from + sign * (coord(e) - d.at))));
      }}
      onPointerUp={() => { drag.current = null; }}
      onKeyDown={(e) => {
        const next = sizeAfterKey(current(), e.key, e.shiftKey, spec.grow, [lo, hi]);
        if (next === null) return;
        e.preventDefault();
        e.stopPropagation();
        setSize(panel, next);
      }} />
  );
}
