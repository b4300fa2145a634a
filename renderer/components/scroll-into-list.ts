/**
 * Scrolls `list` (and only it) so that `item` is fully in view, like
 * `scrollIntoView({ block: 'nearest', inline: 'nearest' })` but without
 * scrolling any ancestor: the browser's own call also scrolls the app frame
 * when anything in it overflows by a pixel, which hid the top bar.
 */
export function scrollIntoList(list: HTMLElement | null, item: Element | null | undefined): void {
  if (!list || !item) return;
  const l = list.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < l.top) list.scrollTop -= l.top - r.top;
  else if (r.bottom > l.bottom) list.scrollTop += Math.min(r.bottom - l.bottom, r.top - l.top);
  if (r.left < l.left) list.scrollLeft -= l.left - r.left;
  else if (r.right > l.right) list.scrollLeft += Math.min(r.right - l.right, r.left - l.left);
}
