import type { EssTarget } from '../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices } from './types';
import { describeNode, summariseComponent, summariseNode } from './normalise';
import { lookupTarget } from './component-target';
import { anchorCounterpart, hierarchySize, type Counterpart } from './find-counterpart';
import { nameLxmlMisses } from './legacy';

function counterpart(target: EssTarget, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): Counterpart {
  const vh = exec.hierarchy!;
  if (svc.mode === 'legacy') {
    // LEGACY: upstream reads click<...> as a node number (int() raised on an xpath) and the node's
    // `xpath` key from i.json (KeyError without one); either way the whole episode failed.
    if ('xpath' in target) return { reason: `upstream reads click<...> as a node number; ${target.xpath} is an xpath` };
    const c = gt.components[target.index];
    if (typeof c?.xpath !== 'string' || !c.xpath) return { reason: `node ${target.index} of the ground-truth i.json has no xpath, which upstream looks the clicked node up by` };
  }
  const xpath = 'xpath' in target ? target.xpath : (() => {
    const c = gt.components[target.index];
    return typeof c?.xpath === 'string' && c.xpath ? c.xpath : undefined;
  })();
  if (xpath) {
    // LEGACY: lxml matches element names literally, and a uiautomator dump names every element `node`.
    const missed = svc.mode === 'legacy' ? nameLxmlMisses(xpath) : undefined;
    if (missed) return { reason: `xpath ${xpath} matches no execution node for upstream (lxml looks for <${missed}> elements; a uiautomator dump has only <node>)` };
    const hit = svc.resolveXpath(vh, xpath).find((n) => n.bounds);
    if (hit) return { node: hit, how: 'xpath', score: 1 };
    // LEGACY: upstream raises when the xpath finds nothing (the whole episode then fails).
    if (svc.mode === 'legacy') return { reason: `xpath ${xpath} matches no execution node` };
  }
  const t = lookupTarget(target, gt, svc);
  if (!t.ok) return { reason: t.reason };
  const gtSize = gt.screenSize ?? (gt.hierarchy ? hierarchySize(gt.hierarchy) : undefined);
  return anchorCounterpart(t.component, gtSize, vh);
}

/** `click<n>`: the action taken on this execution step is a tap inside node n's counterpart. */
export function matchClick(raw: string, target: EssTarget, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind: 'click' };
  const a = exec.action;
  const t = 'index' in target ? lookupTarget(target, gt, svc) : undefined;
  const target0 = t?.ok ? summariseComponent(t.component) : undefined;
  // LEGACY: a step without an action file has action None upstream, and reading its type raised.
  if (svc.mode === 'legacy' && a.kind === 'none') {
    return { ...base, status: 'error', sentence: `Step ${exec.index} has no readable action file (upstream raised here).`, evidence: { target: target0 } };
  }
  if (a.kind !== 'click') {
    return { ...base, status: 'fail', sentence: `The action on step ${exec.index} is ${a.kind}, not a tap.`, evidence: { target: target0, actual: a.kind } };
  }
  if (!exec.hierarchy) {
    return { ...base, status: 'error', sentence: exec.hierarchyProblem ?? `Execution step ${exec.index} has no view hierarchy to locate the clicked node.`, evidence: { target: target0, files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined } };
  }
  const cp = counterpart(target, gt, exec, svc);
  if (!cp.node) {
    const status = svc.mode === 'legacy' ? 'error' : 'fail';
    return { ...base, status, sentence: `No counterpart of the clicked node on step ${exec.index}: ${cp.reason}.`, evidence: { target: target0, expected: target0 ? describeNode(target0) : raw, candidate: cp.best ? summariseNode(cp.best) : undefined } };
  }
  // LEGACY: upstream scales the normalised tap by the screenshot's size (PIL), whatever the action line
  // says; an unreadable screenshot raised there (the whole episode then fails).
  if (svc.mode === 'legacy' && !exec.screenshotSize) {
    return { ...base, status: 'error', sentence: `Screenshot of step ${exec.index} cannot be read${exec.screenshot ? ` (${exec.screenshot})` : ''}; legacy mode places the tap with the screenshot's size, as upstream did.`, evidence: { target: target0, files: exec.screenshot ? [exec.screenshot] : undefined } };
  }
  const size = svc.mode === 'legacy' ? exec.screenshotSize! : a.screen.width > 0 && a.screen.height > 0 ? a.screen : exec.screenSize ?? hierarchySize(exec.hierarchy);
  if (!size) return { ...base, status: 'error', sentence: `Screen size of step ${exec.index} is unknown; cannot place the tap.`, evidence: { target: target0 } };
  const x = a.at.x * size.width;
  const y = a.at.y * size.height;
  const b = cp.node.bounds!;
  const inside = x >= b.x1 && x <= b.x2 && y >= b.y1 && y <= b.y2;
  const cand = summariseNode(cp.node);
  return {
    ...base, status: inside ? 'pass' : 'fail',
    sentence: `Tap at (${Math.round(x)}, ${Math.round(y)}) is ${inside ? 'inside' : 'outside'} ${describeNode(cand)} [${b.x1},${b.y1}][${b.x2},${b.y2}] (found by ${cp.how}).`,
    evidence: { target: target0, candidate: cand, actual: `${Math.round(x)},${Math.round(y)}` },
  };
}
