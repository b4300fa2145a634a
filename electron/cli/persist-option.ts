/** `--persist`, declared once for the commands that evaluate (`touchstone eval`) or start evaluations (`touchstone serve`). */
import { DEFAULT_PERSIST, PERSIST_RULES } from '../../shared/evaluation/persistence';

/** The option's declaration: the rules of shared/evaluation/persistence.ts, no default of its own (persistRuleFor decides). */
export const PERSIST_OPTION = {
  type: 'string', choices: PERSIST_RULES,
  description: `${DEFAULT_PERSIST} (default in fixed mode: a goal on the final screen must not be undone before the agent declares it, e.g. a switch turned off again) | none (reached once counts; the default in legacy mode, as upstream)`,
} as const;
