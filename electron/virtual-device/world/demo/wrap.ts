/**
 * Splits text into the lines a TextView of `width` px would show at `size` px, breaking at spaces. Widths are
 * estimated (0.55 em per character, a sans-serif average) so the hierarchy can be laid out without a canvas;
 * the renderer still ellipsizes a line that turns out wider.
 */
export function wrapText(text: string, size: number, width: number): string[] {
  const perLine = Math.max(1, Math.floor(width / (size * 0.55)));
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (next.length <= perLine || !line) line = next;
      else { out.push(line); line = word; }
    }
    out.push(line);
  }
  return out;
}
