import type { RunCalls } from '../../../shared/contract/run';
import type { AppServiceOptions } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import { SecretError, SecretStore } from './secret-store';

type SecretCalls = Pick<RunCalls, 'run:secrets' | 'run:secretSet' | 'run:secretDelete'>;

/** One store per app service, made once by the composition: the run form and the judge's endpoint share it, so neither writes over the other's keys. */
export type SecretServices = { store: SecretStore; calls: SecretCalls };

/** The key store of an app service (in its state folder, or memory) and the calls that name keys without returning them. */
export function secretHandlers(o: Pick<AppServiceOptions, 'stateDir' | 'secretCipher' | 'secrets'>): SecretServices {
  const memory = o.secrets === 'memory' || process.env.TOUCHSTONE_SECRETS === 'memory';
  const store = new SecretStore(memory ? null : o.stateDir, o.secretCipher);
  const wrap = <T>(p: Promise<T>): Promise<T> => p.catch((err: unknown) => {
    throw err instanceof SecretError ? new AppError(err.code, err.message) : err;
  });
  return {
    store,
    calls: {
      'run:secrets': () => wrap(store.list()),
      'run:secretSet': (args) => wrap(store.set(args.name, args.value)),
      'run:secretDelete': (args) => wrap(store.delete(args.name)),
    },
  };
}
