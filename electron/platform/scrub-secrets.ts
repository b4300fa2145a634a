/**
 * The one scrubber for secrets in text that came from elsewhere (a model endpoint's answer, an error it
 * caused): every key in use is replaced before the text is stored, cached, shown or written, so an endpoint
 * that echoes the key it was sent (in its reply, a reason, an error page) cannot get it into a file.
 */

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Keys shorter than this are not scrubbed: replacing every "ab" in a text would garble it and hide nothing. */
const MIN_SECRET = 4;

/** The forms a secret takes in text: as is, and as written inside a JSON string (escaped `/`, `"`, `\`). */
function forms(secrets: readonly (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (!s || s.length < MIN_SECRET) continue;
    out.add(s);
    out.add(JSON.stringify(s).slice(1, -1));
    out.add(s.replace(/\//g, '\\/'));
  }
  // Longest first, so a key that contains another is replaced whole.
  return [...out].sort((a, b) => b.length - a.length);
}

/** `text` with every form of every secret, and any `Bearer <token>` echo, replaced by REDACTED. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let s = text;
  for (const f of forms(secrets)) if (s.includes(f)) s = s.split(f).join(REDACTED);
  return s.replace(/(Bearer\s+)(?!\[redacted\])[\w.~+/=*-]+/gi, `$1${REDACTED}`);
}

/** A JSON value with every string (keys included) scrubbed: catches a key the endpoint wrote with \u escapes. */
export function scrubDeep(value: unknown, secrets: readonly (string | undefined)[]): unknown {
  if (typeof value === 'string') return scrubSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, secrets));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubSecrets(k, secrets), scrubDeep(v, secrets)]));
  return value;
}
