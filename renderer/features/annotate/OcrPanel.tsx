import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { ocrItem } from './ocr-store';
import { useStepOcr } from './OcrLayer';

/**
 * The text OCR read on this step's screenshot, while the OCR layer is on:
 * each line adds its `ocr<text>` item (the same as clicking its box on the screen).
 */
export function OcrPanel() {
  const { shown, entry } = useStepOcr();
  const s = useAppStore(useShallow((st) => ({ items: st.draft?.items, add: st.addItem, blocked: !st.draft || !!st.conflict })));
  if (!shown || !entry) return null;
  if (entry.status === 'loading') return <p className="ocr-panel muted" data-ocr-state="loading">Reading the screenshot's text…</p>;
  if (entry.status === 'error') return <p className="ocr-panel error-box inline" role="alert">{entry.error}</p>;
  const lines = entry.text.lines.map((l) => ({ l, item: ocrItem(l.text) })).filter((x): x is { l: typeof x.l; item: string } => x.item !== null);
  return (
    <section className="ocr-panel" aria-label="Screen text (OCR)">
      <h4>Screen text <span className="muted">{lines.length} lines{entry.text.cached ? ' · cached' : ''} · click a box or a line to add ocr&lt;…&gt;</span></h4>
      <ul>
        {lines.map(({ l, item }, i) => {
          const has = s.items?.includes(item) ?? false;
          return (
            <li key={i}>
              <button type="button" className={`ocr-line${has ? ' on' : ''}`} disabled={s.blocked || has} aria-pressed={has}
                title={`${item} (confidence ${Math.round(l.score * 100)}%)`} onClick={() => void s.add(item)}>{l.text}</button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
