import { useOcrStore } from './ocr-store';
import { useOcrLoader, useStepOcr } from './OcrLayer';

/** The stage bar's OCR switch, with what the read found (or why it failed). */
export function OcrToggle() {
  useOcrLoader();
  const { shown, entry } = useStepOcr();
  const toggle = useOcrStore((o) => o.toggle);
  const state = !shown ? 'off' : entry?.status ?? 'loading';
  const said = state === 'loading' ? 'reading…' : entry?.status === 'ready' ? `${entry.text.lines.length} lines` : entry?.status === 'error' ? 'failed' : '';
  return (
    <button type="button" className={`btn btn-small ocr-toggle${shown ? ' on' : ''}`} aria-pressed={shown} data-ocr-state={state}
      data-ocr-lines={entry?.status === 'ready' ? entry.text.lines.length : undefined}
      title={entry?.status === 'error' ? entry.error : 'Text found on the screenshot by OCR (o); click a text box to add ocr<text>'}
      onClick={toggle}>
      OCR{shown && said ? ` · ${said}` : ''}
    </button>
  );
}
