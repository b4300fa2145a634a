import { isCallName, type CallName, type ContractCalls } from '../../shared/contract';
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
