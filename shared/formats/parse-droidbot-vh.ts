import type { Parsed, Problem, VhNode, ViewHierarchy } from '../model';
import { boundsFromPairs } from './bounds';
import { assignXpaths } from './vh-build';

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

function rawAttrs(o: Record<string, unknown>): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const k in o) {
    const v = o[k];
    attrs[k] = typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined';
  }
  return attrs;
}

/**
 * Parses a DroidBot view list: LlamaTouch `i.vh` (a bare JSON list) or a
 * DroidBot state file (`{"views": [...]}`). Node order is the list order
 * (list index = `temp_id`), which is what upstream numbers in. Never throws.
 */
export function parseDroidbotVh(text: string, file: string): Parsed<ViewHierarchy> {
  try {
    return parseOrProblems(text, file);
  } catch (err) {
    return { ok: false, problems: [{ severity: 'error', file, message: `Cannot read the view list: ${err instanceof Error ? err.message : String(err)}.`, hint: 'Re-capture the screen.' }] };
  }
}

function parseOrProblems(text: string, file: string): Parsed<ViewHierarchy> {
  const fail = (message: string, hint: string): Parsed<ViewHierarchy> => ({ ok: false, problems: [{ severity: 'error', file, message, hint }] });
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return fail(`Not valid JSON: ${(err as Error).message}.`, 'The .vh file is damaged or truncated; re-capture the screen.');
  }
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { views?: unknown }).views) ? (data as { views: unknown[] }).views : null;
  if (!list) return fail('Unsupported format: expected a JSON list of views or an object with a "views" list.', 'Provide a LlamaTouch i.vh or a DroidBot state_*.json file.');
  const warnings: Problem[] = [];
  const nodes: VhNode[] = [];
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (!v || typeof v !== 'object' || Array.isArray(v)) return fail(`View ${i} is not a JSON object.`, 'The .vh file is damaged; re-capture the screen.');
    const o = v as Record<string, unknown>;
    nodes.push({
      order: i,
      indexPath: [],
      xpath: '',
      className: str(o.class),
      text: str(o.text),
      resourceId: str(o.resource_id),
      contentDesc: str(o.content_description),
      packageName: str(o.package),
      bounds: boundsFromPairs(o.bounds),
      checkable: o.checkable === true,
      checked: o.checked === true,
      clickable: o.clickable === true,
      enabled: o.enabled === true,
      focusable: o.focusable === true,
      focused: o.focused === true,
      scrollable: o.scrollable === true,
      longClickable: o.long_clickable === true,
      password: o.is_password === true,
      selected: o.selected === true,
      visible: o.visible === true,
      attrs: rawAttrs(o),
      parent: null,
      children: [],
    });
    if (o.temp_id !== undefined && o.temp_id !== i) {
      warnings.push({ severity: 'warning', file, message: `View ${i} has temp_id ${str(o.temp_id)}; the list position is used.` });
    }
  }
  const roots: number[] = [];
  list.forEach((v, i) => {
    const o = v as Record<string, unknown>;
    const p = o.parent;
    const hasParent = typeof p === 'number' && Number.isInteger(p) && p >= 0 && p < nodes.length && p !== i;
    if (hasParent) nodes[i].parent = p;
    else roots.push(i);
    const kids = Array.isArray(o.children) ? o.children : [];
    for (const c of kids) {
      if (typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < nodes.length && c !== i) nodes[i].children.push(c);
      else warnings.push({ severity: 'warning', file, message: `View ${i} lists child ${JSON.stringify(c)}, which is not in the list; ignored.` });
    }
  });
  const vh: ViewHierarchy = { source: 'droidbot', nodes, roots };
  assignXpaths(vh);
  return { ok: true, value: vh, warnings };
}
