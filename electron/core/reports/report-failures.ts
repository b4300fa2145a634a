import path from 'node:path';
import type { EvalCell, EvalTask } from '../../../shared/contract/evaluation';
import type { EssentialResult, StateResult } from '../../../shared/evaluation/types';
import type { ExecAction } from '../../../shared/model';
import { readTrace, type TraceRef } from '../traces/trace-layouts';
import { thumbnailDataUri } from './thumbnail';

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An action in a few words. */
export function actionWords(a: ExecAction | undefined): string {
  if (!a) return '';
  switch (a.kind) {
    case 'click': case 'long-click': return `${a.kind === 'click' ? 'tap' : 'long tap'} (${a.at.x.toFixed(2)}, ${a.at.y.toFixed(2)})`;
    case 'swipe': return `swipe (${a.from.x.toFixed(2)}, ${a.from.y.toFixed(2)}) → (${a.to.x.toFixed(2)}, ${a.to.y.toFixed(2)})`;
    case 'type': return `type "${a.text.slice(0, 30)}"`;
    case 'none': return 'no action';
    default: return a.kind;
  }
}

/** What the failure section needs for one failed task x agent. */
export interface FailureInput {
  cell: EvalCell;
  task: EvalTask;
  datasetRoot: string;
  essential?: EssentialResult;
  trace?: TraceRef;
  human?: boolean;
}

const THUMB = 96;
const MAX_STEPS = 14;

/** The first state that was not reached (the one that explains the failure). */
export function firstUnmatched(e: EssentialResult | undefined): StateResult | undefined {
  return e?.states.find((s) => !s.matched);
}

/**
 * One failure as a filmstrip: the reason, the annotated ground-truth states (expected nodes boxed),
 * the agent's steps (action drawn; matched steps green, the closest step orange with its candidate
 * nodes boxed) and each item's evidence of the first unmatched state in words.
 */
export async function failureHtml(f: FailureInput): Promise<string> {
  const e = f.essential;
  const miss = firstUnmatched(e);
  const gtFrames: string[] = [];
  for (const s of e?.states ?? []) {
    if (s.implicit) continue;
    const file = path.join(f.datasetRoot, f.task.path, `${s.gtStep}.png`);
    const boxes = s === miss ? s.items.flatMap((i) => (i.evidence.target?.bounds ? [{ bounds: i.evidence.target.bounds, colour: '#1f6feb' }] : [])) : [];
    const uri = await thumbnailDataUri(file, THUMB, { boxes });
    const cls = s.matched ? 'ok' : s === miss ? 'miss' : 'todo';
    gtFrames.push(`<figure class="${cls}">${uri ? `<img src="${uri}" alt="ground-truth step ${s.gtStep}">` : '<div class="noimg">no screen</div>'}<figcaption>gt ${s.gtStep}: ${s.matched ? `matched at step ${s.execStep}` : s === miss ? 'not reached' : 'not searched'}</figcaption></figure>`);
  }
  const agentFrames: string[] = [];
  if (f.trace) {
    try {
      const trace = await readTrace(f.trace);
      const matchedAt = new Map((e?.states ?? []).filter((s) => s.matched && s.execStep !== undefined).map((s) => [s.execStep!, s]));
      for (const st of trace.steps.slice(0, MAX_STEPS)) {
        const closest = miss?.closestStep === st.index;
        const boxes = closest ? miss!.items.flatMap((i) => (i.evidence.candidate?.bounds ? [{ bounds: i.evidence.candidate.bounds, colour: i.status === 'pass' ? '#2da44e' : '#d97706' }] : [])) : [];
        const uri = st.screenshot ? await thumbnailDataUri(st.screenshot, THUMB, { boxes, action: st.action }) : undefined;
        const m = matchedAt.get(st.index);
        const cls = m ? 'ok' : closest ? 'closest' : '';
        const note = m ? (m.implicit ? 'declared complete' : `matched gt ${m.gtStep}`) : closest ? 'closest step' : '';
        agentFrames.push(`<figure class="${cls}">${uri ? `<img src="${uri}" alt="agent step ${st.index}">` : '<div class="noimg">no screen</div>'}<figcaption>step ${st.index}: ${esc(actionWords(st.action))}${note ? `<br><b>${note}</b>` : ''}</figcaption></figure>`);
      }
      if (trace.steps.length > MAX_STEPS) agentFrames.push(`<p class="more">… ${trace.steps.length - MAX_STEPS} more steps</p>`);
    } catch (err) {
      agentFrames.push(`<p class="warn">Cannot read the trace: ${esc((err as Error).message)}</p>`);
    }
  }
  const items = (miss?.items ?? []).map((i) => `<li class="${i.status}"><code>${esc(i.item)}</code> ${i.status}: ${esc(i.sentence)}</li>`).join('');
  const human = f.human === undefined ? 'no human label' : `human: ${f.human ? 'completed' : 'not completed'}`;
  return `<section class="failure" id="${esc(`f-${f.cell.agent}-${f.cell.episode}`)}">
<h3>${esc(f.task.episode)} · ${esc(f.cell.agent)} <small>${esc(f.task.category)} · ${esc(f.task.difficulty)} · ${human}</small></h3>
<p class="desc">${esc(f.task.description)}</p>
<p class="reason">${esc(f.cell.error ?? f.cell.reason ?? 'Not completed.')}</p>
<div class="strip"><span class="lbl">ground truth</span>${gtFrames.join('')}</div>
<div class="strip"><span class="lbl">agent</span>${agentFrames.join('')}</div>
${items ? `<ul class="items">${items}</ul>` : ''}
</section>`;
}
