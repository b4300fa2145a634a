/** Screenshot URLs shared by the web server's file route and the desktop custom protocol. */

/** The file URL path `/<datasetId>/<relPath…>` (segments URI-encoded) that both transports use for screenshots. */
export function fileUrlPath(datasetId: string, relPath: string): string {
  return `/${encodeURIComponent(datasetId)}/${relPath.split('/').map(encodeURIComponent).join('/')}`;
}

/** Inverse of fileUrlPath; null for a malformed path. */
export function parseFileUrlPath(pathname: string): { datasetId: string; relPath: string } | null {
  const parts = pathname.split('/').slice(1);
  if (parts.length < 2) return null;
  try {
    const [id, ...rest] = parts.map((p) => decodeURIComponent(p));
    if (!id || rest.some((p) => p === '')) return null;
    return { datasetId: id, relPath: rest.join('/') };
  } catch {
    return null; // bad percent-encoding
  }
}
