/** A judge model's answer, read from its reply. */
export type ParsedVerdict = { ok: true; completed: boolean; reason: string } | { ok: false; problem: string };

function boolOf(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase().replace(/[_-]/g, ' ');
  if (['true', 'yes', 'completed', 'complete', 'success', 'done', '1'].includes(s)) return true;
  if (['false', 'no', 'not completed', 'incomplete', 'not complete', 'failure', 'failed', '0'].includes(s)) return false;
  return undefined;
}

/** The outermost `{...}` objects of a text, in order (models wrap JSON in prose or ``` fences). */
function jsonObjects(text: string): unknown[] {
  const out: unknown[] = [];
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    let depth = 0;
    let inStr = false;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (inStr) { if (c === '\\') j++; else if (c === '"') inStr = false; continue; }
      if (c === '"') inStr = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try { out.push(JSON.parse(text.slice(i, j + 1))); i = j; } catch { /* not JSON: try the next brace */ }
        break;
      }
    }
  }
  return out;
}

/**
 * Reads `{"completed": bool, "reason": "..."}` from a reply (also `verdict`/`answer` keys and
 * yes/no strings); failing that, a reply starting with "completed" / "not completed". Anything else
 * is unreadable and says so with the start of the reply.
 */
export function parseVerdict(reply: string): ParsedVerdict {
  for (const o of jsonObjects(reply)) {
    if (!o || typeof o !== 'object' || Array.isArray(o)) continue;
    const r = o as Record<string, unknown>;
    const v = boolOf(r.completed ?? r.complete ?? r.verdict ?? r.answer ?? r.success);
    if (v === undefined) continue;
    const reason = typeof r.reason === 'string' ? r.reason : typeof r.explanation === 'string' ? r.explanation : '';
    return { ok: true, completed: v, reason: reason.trim() || '(no reason given)' };
  }
  // Plain-text replies only (markdown emphasis allowed): a JSON object that failed above is not read as text.
  const m = /^[\s*_#>]*(not\s+completed|completed|incomplete|yes|no)\b[\s*_.:,;-]*([\s\S]*)$/i.exec(reply.trim());
  if (m) {
    const completed = /^(completed|yes)$/i.test(m[1]!.replace(/\s+/g, ' '));
    return { ok: true, completed, reason: m[2]!.replace(/^reason\s*:\s*/i, '').trim() || '(no reason given)' };
  }
  const head = reply.trim().slice(0, 120);
  return { ok: false, problem: `The reply is neither {"completed": ..., "reason": ...} nor "completed"/"not completed": ${JSON.stringify(head)}${reply.trim().length > 120 ? '...' : ''}` };
}
