/**
 * Decodes a text file's bytes: honours a UTF-8 / UTF-16LE / UTF-16BE byte-order
 * mark, and recognises BOM-less UTF-16LE (as PowerShell redirection writes
 * `adb shell dumpsys` output) by its many zero high bytes. Falls back to UTF-8.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (looksUtf16(bytes, 1)) return new TextDecoder('utf-16le').decode(bytes);
  if (looksUtf16(bytes, 0)) return new TextDecoder('utf-16be').decode(bytes);
  // Buffer's UTF-8 decoding (bad sequences become U+FFFD, as with TextDecoder) is several times faster
  // than a TextDecoder per file, and every trace and hierarchy file of an evaluation comes through here.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** True when most bytes at `zeroParity` positions (of the first 512) are zero: ASCII text in UTF-16. */
function looksUtf16(bytes: Uint8Array, zeroParity: 0 | 1): boolean {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 4) return false;
  let zeros = 0;
  for (let i = zeroParity; i < n; i += 2) if (bytes[i] === 0) zeros++;
  return zeros / (n / 2) > 0.6;
}
