import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep, basename, join } from 'node:path';

/**
 * Confines file access to folders the user opened. `resolve` returns an
 * absolute real path inside one of the roots or throws, so `../core/` tricks and
 * symlinks that point outside a root are refused.
 */
export class RootGuard {
  private readonly opened: string[] = [];

  /** Registers a root folder (must exist); returns its real absolute path. */
  add(root: string): string {
    let real: string;
    try {
      real = realpathSync.native(resolve(root));
    } catch (err) {
      throw new Error(`Cannot open ${root}: ${err instanceof Error ? err.message : String(err)}. Choose an existing folder.`, { cause: err });
    }
    if (!this.opened.includes(real)) this.opened.push(real);
    return real;
  }

  /** The opened roots (real absolute paths). */
  roots(): string[] {
    return [...this.opened];
  }

  /**
   * Resolves `p` (absolute, or relative to the first root) to a real absolute
   * path inside an opened root. Paths that do not exist yet are checked via
   * their nearest existing ancestor, so a file about to be written is allowed
   * only when its folder is inside a root.
   */
  resolve(p: string): string {
    if (this.opened.length === 0) {
      throw new Error(`Access to ${p} refused: no folder is open. Open a dataset or trace folder first.`);
    }
    const abs = isAbsolute(p) ? resolve(p) : resolve(this.opened[0], p);
    const real = realpathOfNearest(abs);
    if (this.opened.some((r) => isInside(r, real))) return real;
    throw new Error(
      `Access to ${p} refused: it resolves to ${real}, which is outside the opened folders (${this.opened.join(', ')}). Open its folder first.`,
    );
  }
}

function isInside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/** realpath of p, or of its nearest existing ancestor with the missing tail re-attached. */
function realpathOfNearest(abs: string): string {
  const tail: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      return join(realpathSync.native(cur), ...tail.reverse());
    } catch {
      const parent = dirname(cur);
      if (parent === cur) return abs;
      tail.push(basename(cur));
      cur = parent;
    }
  }
}
