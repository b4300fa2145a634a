/** Value parsers several commands' option declarations share (light: loaded at a command's start). */

/** `a,b,c` as a list, `all` as itself (`--tasks`, `--devices`). */
export function listOrAll(s: string): string[] | 'all' {
  return s === 'all' ? 'all' : s.split(',').map((x) => x.trim()).filter(Boolean);
}
