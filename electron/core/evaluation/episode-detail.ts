import path from 'node:path';
import { ConfinedFiles } from '../../platform/confined-read';
import type { EpisodeInfo } from '../../../shared/contract-types';
import type { EvalEpisodeDetail, ReplayStep } from '../../../shared/contract/evaluation';
import { readImageSize } from '../steps/image-size';
import type { EvalSession } from './eval-session';
import { readTrace } from '../traces/trace-layouts';
import { stepConversation } from '../../../shared/kinds/agents/step-conversation';

/** How the detail builder reaches the rest of the core (screens become URLs; the episode comes from the dataset layer). */
export interface DetailDeps {
  /** URL of a ground-truth file, relative to the dataset root. */
  gtUrl(rel: string): string;
  /** URL of an agent's file, relative to its traces root; null when it lies outside. */
  agentUrl(agent: string, abs: string): string | null;
  loadEpisode(rel: string): Promise<Omit<EpisodeInfo, 'datasetId'>>;
}

const posixRel = (from: string, to: string): string => path.relative(from, to).split(path.sep).join('/');

/** The ground-truth steps as the replay draws them. */
async function gtSteps(session: EvalSession, rel: string, deps: DetailDeps, files: ConfinedFiles): Promise<ReplayStep[]> {
  const ep = await deps.loadEpisode(rel);
  return ep.steps.map((s) => {
    const png = s.files.png ? path.join(session.datasetRoot, rel, `${s.index}.png`) : undefined;
    const size = png ? readImageSize(png, files) : undefined;
    return {
      index: s.index,
      url: png ? deps.gtUrl(posixRel(session.datasetRoot, png)) : null,
      ...(size ? { screen: size } : {}),
      ...(s.activity !== undefined ? { activity: s.activity } : {}),
      ...(s.ess !== undefined ? { ess: s.ess } : {}),
    };
  });
}

/** A Touchstone run's steps: each step's exchange with its model, from the trace's episode.json (none for other layouts or a broken file). */
function attachConversations(steps: ReplayStep[], dir: string, files: ConfinedFiles): void {
  let rec: { steps?: { index?: number; agent?: unknown }[] } | undefined;
  try { rec = JSON.parse(files.text(path.join(dir, 'episode.json')) ?? 'null') as typeof rec; } catch { return; }
  for (const s of rec?.steps ?? []) {
    const c = stepConversation(s.agent);
    const step = c && steps.find((x) => x.index === s.index);
    if (step) step.conversation = c;
  }
}

/** One task x agent for the replay: both sides' steps and every method's result with its evidence. */
export async function episodeDetail(session: EvalSession, agentName: string, episode: string, deps: DetailDeps): Promise<EvalEpisodeDetail> {
  const agent = session.agents.get(agentName);
  const task = session.tasks.get(episode);
  if (!agent) throw new Error(`No agent named ${agentName} in this evaluation (agents: ${[...session.agents.keys()].join(', ')}).`);
  if (!task) throw new Error(`Episode ${episode} is not in the dataset ${session.datasetRoot}.`);
  const ref = agent.traces.get(episode);
  const files = new ConfinedFiles({ roots: session.roots });
  const out: EvalEpisodeDetail = { agent: agentName, episode, task, gtSteps: await gtSteps(session, task.path, deps, files), agentSteps: [] };
  const human = agent.labels.get(episode);
  if (human !== undefined) out.human = human;
  if (!ref) { out.error = `Agent ${agentName} has no trace for episode ${episode}.`; return out; }
  const d = await agent.cache.detail(episode);
  if (d) {
    if (d.fixed.error) out.error = d.fixed.error;
    if (d.fixed.essential) out.essential = d.fixed.essential;
    if (d.legacy) out.legacy = d.legacy;
    if (d.fixed.stepwise) out.stepwise = d.fixed.stepwise;
    if (d.fixed.lcs) out.lcs = d.fixed.lcs;
  }
  try {
    const trace = await readTrace(ref, 'json', files.confinement);
    out.agentSteps = trace.steps.map((s) => {
      const shot = s.screenshot && files.exists(s.screenshot) ? s.screenshot : undefined;
      const size = s.screenSize;
      const activity = s.activity;
      return {
        index: s.index,
        url: shot ? deps.agentUrl(agentName, shot) : null,
        action: s.action,
        ...(size ? { screen: size } : {}),
        ...(activity !== undefined ? { activity } : {}),
      };
    });
  } catch (err) {
    out.error ??= `Cannot read the trace ${ref.dir}: ${(err as Error).message}`;
  }
  attachConversations(out.agentSteps, ref.dir, files);
  return out;
}
