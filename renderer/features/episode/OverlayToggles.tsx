import type { OverlaySlice } from '../../store/types';

const TOGGLES: Array<{ name: keyof OverlaySlice['overlays']; label: string; key: string }> = [
  { name: 'boxes', label: 'Boxes', key: 'b' },
  { name: 'ess', label: 'ESS', key: 'e' },
  { name: 'action', label: 'Action', key: 'a' },
];

/** Show/hide the canvas overlays (also the b/e/a keys). */
export function OverlayToggles({ overlays, toggle }: { overlays: OverlaySlice['overlays']; toggle: OverlaySlice['toggleOverlay'] }) {
  return (
    <span className="overlay-toggles" role="group" aria-label="Overlays">
      {TOGGLES.map((t) => (
        <button key={t.name} type="button" className={`toggle${overlays[t.name] ? ' on' : ''}`} aria-pressed={overlays[t.name]}
          data-overlay={t.name} title={`Show or hide ${t.label.toLowerCase()} (${t.key})`} onClick={() => toggle(t.name)}>
          {t.label} <kbd>{t.key}</kbd>
        </button>
      ))}
    </span>
  );
}
