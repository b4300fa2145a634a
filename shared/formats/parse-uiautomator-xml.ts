import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Parsed, Problem, VhNode, ViewHierarchy } from '../model';
import { parseBounds } from './bounds';
import { assignXpaths, pushNode, type NodeFields } from './vh-build';
import { decodeXmlEntities } from './xml-entities';
import { TREE_LIMITS, clip, limitProblem, sizeProblem, xmlElementCount } from './tree-limits';

type Attrs = Record<string, string>;
/** fast-xml-parser's preserveOrder shape: one key naming the element, plus ':@' for attributes. */
type OrderedEl = Record<string, unknown> & { ':@'?: Attrs };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Attribute values are kept as dumped (upstream compared them raw); whitespace-only text between elements is skipped below.
  trimValues: false,
  // Views below <hierarchy> (the parser counts from 0); deeper input stops the parser (see TREE_LIMITS).
  maxNestedTags: TREE_LIMITS.depth,
});

const SKIP = new Set([':@', '#text', '#comment', '?xml']);

function tagOf(el: OrderedEl): string | undefined {
  for (const k in el) if (!SKIP.has(k)) return k;
  return undefined;
}

function flag(a: Attrs, name: string, dflt = false): boolean {
  const v = a[name];
  return v === undefined ? dflt : v === 'true';
}

function fieldsFrom(tag: string, raw: Attrs | undefined): NodeFields {
  const attrs: Attrs = {};
  if (raw) for (const k in raw) attrs[k] = decodeXmlEntities(raw[k]);
  // Appium page source names elements by class; plain uiautomator uses <node class=...>.
  const className = attrs.class ?? (tag === 'node' ? '' : tag);
  const visibleAttr = attrs['visible-to-user'] ?? attrs.displayed ?? attrs.visible;
  return {
    className,
    text: attrs.text ?? '',
    resourceId: attrs['resource-id'] ?? '',
    contentDesc: attrs['content-desc'] ?? '',
    packageName: attrs.package ?? '',
    bounds: attrs.bounds !== undefined ? parseBounds(attrs.bounds) : null,
    checkable: flag(attrs, 'checkable'),
    checked: flag(attrs, 'checked'),
    clickable: flag(attrs, 'clickable'),
    enabled: flag(attrs, 'enabled', true),
    focusable: flag(attrs, 'focusable'),
    focused: flag(attrs, 'focused'),
    scrollable: flag(attrs, 'scrollable'),
    longClickable: flag(attrs, 'long-clickable'),
    password: flag(attrs, 'password'),
    selected: flag(attrs, 'selected'),
    // uiautomator before API 30 has no visibility attribute: everything it dumps is on screen.
    visible: visibleAttr === undefined ? true : visibleAttr === 'true',
    attrs,
  };
}

function problem(file: string, message: string, hint: string, line?: number): Problem {
  return { severity: 'error', file, message, hint, ...(line !== undefined ? { line } : {}) };
}

/** Line number of the first XML syntax error, from the validator (only run on failure). */
function syntaxError(text: string): { line?: number; msg: string } {
  const r = XMLValidator.validate(text);
  // The validator names every open tag when the document is unclosed: 100,000 of them make a 1 MB message.
  return r === true ? { msg: 'the document is not closed' } : { line: r.err.line, msg: clip(r.err.msg) };
}

/**
 * Parses a `uiautomator dump` XML (also Appium page source, pretty-printed files,
 * several windows, dialog-only roots) into a typed tree. Never throws: malformed,
 * truncated or foreign input yields problems naming the file and line.
 */
export function parseUiautomatorXml(text: string, file: string): Parsed<ViewHierarchy> {
  try {
    return parseOrProblems(text, file);
  } catch (err) {
    // Last resort (e.g. absurdly deep nesting exhausting the parser's stack): still a problem, not a crash.
    return { ok: false, problems: [problem(file, `Cannot read the XML: ${clip(err instanceof Error ? err.message : String(err))}.`, 'Re-capture the dump.')] };
  }
}

function parseOrProblems(text: string, file: string): Parsed<ViewHierarchy> {
  const tooBig = sizeProblem(text, file);
  if (tooBig) return { ok: false, problems: [tooBig] };
  // <hierarchy> plus the views: counted before parsing, so a huge flat dump costs one scan.
  if (xmlElementCount(text, TREE_LIMITS.nodes + 1) > TREE_LIMITS.nodes + 1) {
    return { ok: false, problems: [limitProblem(file, `more than ${TREE_LIMITS.nodes.toLocaleString('en')} views`, TREE_LIMITS.nodes)] };
  }
  let body = text.replace(/^\uFEFF/, '').trimEnd();
  const warnings: Problem[] = [];
  // `uiautomator dump /dev/tty` appends "UI hierchary dumped to: /dev/tty" after the document.
  const close = body.lastIndexOf('</hierarchy>');
  if (close >= 0 && close + 12 < body.length && !body.slice(close + 12).includes('<')) {
    warnings.push({ severity: 'warning', file, message: `Ignored text after </hierarchy>: ${JSON.stringify(body.slice(close + 12).trim().slice(0, 60))}.` });
    body = body.slice(0, close + 12);
  }
  if (!body) return { ok: false, problems: [problem(file, 'The view hierarchy file is empty.', 'Re-capture the screen with `uiautomator dump`.')] };
  if (!body.includes('<hierarchy')) {
    const appium = /<AppiumAUT|<XCUIElementType/.test(body);
    return {
      ok: false,
      problems: [problem(file, appium ? 'Unsupported format: this is an Appium/iOS page source, not a uiautomator hierarchy.' : 'Unsupported format: no <hierarchy> element found; this is not a uiautomator dump.',
        'Provide the XML written by `adb shell uiautomator dump` (root element <hierarchy>).')],
    };
  }
  // Cheap truncation check first: the parser itself silently closes open tags.
  if (!/<\/hierarchy\s*>$|<hierarchy\b[^>]*\/>$/.test(body)) {
    const e = syntaxError(body);
    return { ok: false, problems: [problem(file, `Truncated or malformed XML: ${e.msg}`, 'The dump was cut short; re-capture it.', e.line)] };
  }
  let doc: OrderedEl[];
  try {
    doc = parser.parse(body) as OrderedEl[];
  } catch (err) {
    if (/Maximum nested tags/i.test(String((err as Error).message))) return { ok: false, problems: [limitProblem(file, `views nested more than ${TREE_LIMITS.depth} levels deep`, TREE_LIMITS.depth)] };
    const e = syntaxError(body);
    return { ok: false, problems: [problem(file, `Malformed XML: ${e.line !== undefined ? e.msg : clip(String((err as Error).message ?? err))}`, 'Re-capture the dump; the file is damaged.', e.line)] };
  }
  const top = doc.filter((el) => tagOf(el) !== undefined);
  if (top.length !== 1 || tagOf(top[0]) !== 'hierarchy') {
    const e = syntaxError(body);
    return { ok: false, problems: [problem(file, `Malformed XML: expected one <hierarchy> root element${e.line !== undefined ? ` (${e.msg})` : ''}.`, 'Re-capture the dump.', e.line)] };
  }
  const nodes: VhNode[] = [];
  const roots: number[] = [];
  // Iterative pre-order walk (children pushed in reverse) so deep trees cannot overflow the stack.
  const stack: Array<{ el: OrderedEl; parent: number | null }> = [];
  const pushChildren = (children: unknown, parent: number | null): void => {
    if (!Array.isArray(children)) return;
    for (let k = children.length - 1; k >= 0; k--) stack.push({ el: children[k] as OrderedEl, parent });
  };
  pushChildren(top[0].hierarchy, null);
  while (stack.length) {
    const { el, parent } = stack.pop() as { el: OrderedEl; parent: number | null };
    const tag = tagOf(el);
    if (tag === undefined) continue;
    if (nodes.length >= TREE_LIMITS.nodes) return { ok: false, problems: [limitProblem(file, `more than ${TREE_LIMITS.nodes.toLocaleString('en')} views`, TREE_LIMITS.nodes)] };
    const node = pushNode(nodes, parent, fieldsFrom(tag, el[':@']));
    if (parent === null) roots.push(node.order);
    pushChildren(el[tag], node.order);
  }
  const rot = top[0][':@']?.rotation;
  const vh: ViewHierarchy = { source: 'uiautomator', nodes, roots, ...(rot !== undefined && /^\d+$/.test(rot) ? { rotation: Number(rot) } : {}) };
  assignXpaths(vh);
  const badBounds = nodes.filter((n) => n.bounds === null).length;
  if (badBounds) warnings.push({ severity: 'warning', file, message: `${badBounds} node(s) have missing or unreadable bounds (first: ${nodes.find((n) => !n.bounds)?.xpath}).`, hint: 'These nodes cannot be drawn or hit-tested.' });
  if (!nodes.length) warnings.push({ severity: 'warning', file, message: 'The hierarchy has no nodes (locked or secure screen?).' });
  return { ok: true, value: vh, warnings };
}
