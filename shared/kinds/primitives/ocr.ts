import type { EssItem } from '../../model';
import { matchOcr } from '../../evaluation/match-simple';
import { withoutReserved } from './syntax';
import type { PrimitiveSpec } from './spec';

type OcrItem = Extract<EssItem, { kind: 'ocr' }>;

/** `ocr<text>` (Touchstone's own): the execution screenshot shows `text`, read by OCR. */
export const ocr = {
  kind: 'ocr',
  keywords: ['ocr'],
  parse: (_keyword, content, raw) => ({ kind: 'ocr', text: content, raw }),
  format: (item) => `ocr<${item.text}>`,
  // OCR text is matched loosely (normalised, substring), so a reserved character can become a space.
  fromText(text) {
    const clean = withoutReserved(text);
    return clean ? { kind: 'ocr', text: clean } : null;
  },
  needs: { ocr: true },
  order: { fixed: 90, legacy: 8 },
  cost: () => 'model',
  match: (item, _gt, exec) => matchOcr(item.raw, item.text, exec),
  content: (item) => item.text,
  describe: (item) => `The screenshot shows the text “${item.text}”.`,
  ui: { label: 'OCR text', input: 'screen-text', adds: [] },
} satisfies PrimitiveSpec<OcrItem>;
