import { isCallName, type CallName, type ContractCalls } from '../../../shared/contract';
import { AppError } from './errors';

/**
 * Runs a call that arrived untyped (IPC, HTTP): the name must be a contract
 * call and the arguments a plain object; the typed service does the rest.
 */
export function dispatchCall(calls: ContractCalls, name: string, args: unknown): Promise<unknown> {
  if (!isCallName(name)) return Promise.reject(new AppError('not-found', `Unknown call '${name}'.`));
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return Promise.reject(new AppError('bad-request', `Arguments of ${name} must be an object, got ${Array.isArray(args) ? 'an array' : typeof args}.`));
  }
  const fn = calls[name as CallName] as (a: unknown) => Promise<unknown>;
  return fn(args);
}

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
