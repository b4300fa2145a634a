import type { OverlaySlice } from '../../store/types';
import { useKeyFor } from '../../keymap/use-keymap';

const TOGGLES: Array<{ name: keyof OverlaySlice['overlays']; label: string }> = [
  { name: 'boxes', label: 'Boxes' },
  { name: 'ess', label: 'ESS' },
  { name: 'action', label: 'Action' },
];

/** Show/hide the canvas overlays; each names the key the shown view binds to it (`overlay:<name>` in its keymap). */
export function OverlayToggles({ overlays, toggle }: { overlays: OverlaySlice['overlays']; toggle: OverlaySlice['toggleOverlay'] }) {
  return (
    <span className="overlay-toggles" role="group" aria-label="Overlays">
      {TOGGLES.map((t) => <Toggle key={t.name} name={t.name} label={t.label} on={overlays[t.name]} toggle={toggle} />)}
    </span>
  );
}

function Toggle({ name, label, on, toggle }: { name: keyof OverlaySlice['overlays']; label: string; on: boolean; toggle: OverlaySlice['toggleOverlay'] }) {
  const key = useKeyFor(`overlay:${name}`);
  return (
    <button type="button" className={`toggle${on ? ' on' : ''}`} aria-pressed={on} data-overlay={name} data-key={key ?? ''}
      title={`Show or hide ${label.toLowerCase()}${key ? ` (${key})` : ''}`} onClick={() => toggle(name)}>
      {label}{key && <> <kbd>{key}</kbd></>}
    </button>
  );
}
