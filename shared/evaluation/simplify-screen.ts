import type { ViewHierarchy, VhNode } from '../model';

function esc(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function line(n: VhNode): string | null {
  const text = esc(n.text);
  const desc = esc(n.contentDesc);
  if (!text && !desc) return null;
  const cls = n.className;
  if (/EditText/.test(cls)) return `<input${desc ? ` text='${desc}'` : ''}>${text}</input>`;
  if (n.checkable || /CheckBox|Switch|RadioButton|ToggleButton/.test(cls)) return `<checkbox checked=${n.checked}>${text || desc}</checkbox>`;
  if (n.clickable || /Button/.test(cls)) return `<button${desc && text ? ` text='${desc}'` : ''}>${text || desc}</button>`;
  return `<p>${text || desc}</p>`;
}

/**
 * Renders a screen as short HTML-like lines (`<button text='desc'>text</button>`, `<input>`,
 * `<checkbox checked=..>`, `<p>`), one per visible node with text or content-desc, in tree order.
 * Used for the screen-level fuzzy match (`fuzzy<-1>`); equal screens give equal strings, so
 * each distinct screen is embedded once.
 */
export function simplifyScreen(vh: ViewHierarchy): string {
  const out: string[] = [];
  for (const n of vh.nodes) {
    if (!n.visible) continue;
    const l = line(n);
    if (l) out.push(l);
  }
  return out.join('\n');
}
