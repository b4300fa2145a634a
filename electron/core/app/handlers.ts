import type { AppCalls } from '../../../shared/contract/app';
import type { AppContext } from '../../kernel/context';

/** The app domain's calls. */
export function appHandlers(ctx: AppContext): AppCalls {
  return {
    'app:info': async () => ({
      name: 'Touchstone',
      version: ctx.options.version ?? '0.0.0',
      mode: ctx.options.mode,
      canPickFolder: ctx.options.pickFolder !== undefined,
      startRoots: ctx.startRoots,
      ...(ctx.options.evalDefaults?.persist ? { evalPersist: ctx.options.evalDefaults.persist } : {}),
    }),
  };
}
