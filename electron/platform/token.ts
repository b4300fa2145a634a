import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random token for one server launch (URL-safe, 192 bits). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries: `Authorization: Bearer …`, else the `token` query parameter. */
export function requestToken(headers: Record<string, string | string[] | undefined>, url: URL): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return url.searchParams.get('token');
}
