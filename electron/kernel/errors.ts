import type { CallReply, ErrorCode } from '../../shared/contract';

/** An error meant for the user, with a coarse class the transports map to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

/** Wraps a settled call as a transport reply; unknown errors keep their message (the core words them for users). */
export async function toReply<T>(run: () => Promise<T>): Promise<CallReply<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, error: errorBody(err) };
  }
}

/** The plain-data form of any thrown value. */
export function errorBody(err: unknown): { message: string; code: ErrorCode } {
  if (err instanceof AppError) return { message: err.message, code: err.code };
  // An AppError of another copy of this module or realm (a transport bundled apart, as the IPC tests load it) keeps its code too.
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof e === 'object' && e !== null && e.name === 'AppError' && typeof e.code === 'string' && typeof e.message === 'string') return { message: e.message, code: e.code as ErrorCode };
  const message = err instanceof Error ? err.message : String(err);
  // RootGuard words refusals as "Access to … refused"; keep them distinguishable from crashes.
  if (/\brefused\b/.test(message)) return { message, code: 'refused' };
  if (/ENOENT|no such file/i.test(message)) return { message, code: 'not-found' };
  return { message, code: 'internal' };
}

/** HTTP status for an error class. */
export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case 'refused': return 403;
    case 'not-found': return 404;
    case 'bad-request': return 400;
    case 'invalid-argument': return 400;
    case 'unavailable': return 501;
    case 'cancelled': return 409;
    case 'conflict': return 409;
    case 'internal': return 500;
  }
}
