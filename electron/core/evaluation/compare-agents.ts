import { compareSides, type Comparison } from '../../../shared/evaluation/compare';
import type { AgentManifest } from '../../../shared/evaluation/manifest';
import type { MethodName } from '../../../shared/evaluation/metrics';
import { AppError } from '../../kernel/errors';
import type { EvalSession } from './eval-session';

/** Each agent's manifest of an open evaluation (core/manifest/session-manifests.ts, given by the composition: manifest sits above evaluation). */
export type SessionManifests = (s: EvalSession) => Promise<AgentManifest[]>;

/**
 * Two agents of an open evaluation compared as `touchstone compare` compares two results: their
 * manifests (the ones the view's exports carry) through the one `compareSides`.
 */
export async function compareAgents(s: EvalSession, manifests: SessionManifests, a: string, b: string, method: MethodName): Promise<Comparison> {
  for (const n of [a, b]) if (!s.agents.has(n)) throw new AppError('not-found', `No agent named ${n} in this evaluation (it has ${[...s.agents.keys()].join(', ')}).`);
  if (a === b) throw new AppError('bad-request', `Compare two different agents: both sides are ${a}.`);
  const all = await manifests(s);
  const side = (name: string) => ({ name, manifest: all.find((m) => m.agent === name)!.manifest });
  try {
    return compareSides(side(a), side(b), method);
  } catch (err) {
    throw new AppError('bad-request', (err as Error).message);
  }
}
