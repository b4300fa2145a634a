import { ConfinedFiles, readHeadIn } from '../../platform/confined-read';
import type { Size } from '../../../shared/model';

/** Pixel size from the first bytes of a PNG or JPEG file; null for anything else or truncated headers. */
export function imageSize(b: Uint8Array): Size | null {
  const u32 = (i: number): number => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
  const u16 = (i: number): number => (b[i]! << 8) | b[i + 1]!;
  // PNG: 8-byte signature, then the IHDR chunk (length, "IHDR", width, height).
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && u32(12) === 0x49484452) {
    const size = { width: u32(16), height: u32(20) };
    return size.width > 0 && size.height > 0 ? size : null;
  }
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  // JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG, DAC).
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) { i++; continue; } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { i += 2; continue; }
    const len = u16(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const size = { width: u16(i + 7), height: u16(i + 5) };
      return size.width > 0 && size.height > 0 ? size : null;
    }
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}

const ANYWHERE = new ConfinedFiles({ roots: [], followLinks: true }, false);

/** JPEG headers with EXIF/ICC blocks ahead of the frame can run to hundreds of KiB. */
const JPEG_HEAD = 256 * 1024;

/**
 * Pixel size of a PNG or JPEG screenshot from its header only (PNG: 32 bytes; JPEG: read further
 * only when the first bytes say JPEG). Undefined when the file is missing, unreadable, not a regular
 * file (a FIFO or a folder) or neither format.
 * The one image-size reader of the project (steps, icons, datasets, the dataset window).
 * `files`: the confined reader of the trace or episode (without one, links are followed anywhere,
 * as for paths the app built itself).
 */
export function readImageSize(file: string, files: ConfinedFiles = ANYWHERE): Size | undefined {
  try {
    let head = files.bytes(file, 32, false);
    if (head && head.length >= 2 && head[0] === 0xff && head[1] === 0xd8) head = files.bytes(file, JPEG_HEAD, false);
    return head ? imageSize(head) ?? undefined : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Pixel size of the PNG or JPEG screenshot `rel` inside `root`, for the UI's calls: read through the
 * root-confined reader (symlinks out of the root refused). Null when missing, unreadable, outside the
 * root or neither format.
 */
export async function readImageSizeIn(root: string, rel: string): Promise<Size | null> {
  try {
    const head = await readHeadIn(root, rel, JPEG_HEAD);
    return head ? imageSize(head) : null;
  } catch {
    return null;
  }
}
