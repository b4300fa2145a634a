import { describe, it, expect } from 'vitest';
import { parseEss } from '../formats/ess';
import { evaluateEssentialStates } from './sequencer';
import { createMatchServices } from './services';
import type { ExecStepInput, GtStateInput, TraceInput } from './types';

// The scan asks for what it lacks (embeddings, decodes) only up to the first step that may match:
// a step whose verdict waits on a fetch ends the scan, the caller fetches and scans again.
const screen = { width: 1080, height: 2400 };
const A = 'p/.A';
const ess = parseEss('activity<0>|fuzzy<-1>', 'x.ess');
if (!ess.ok) throw new Error('ess');
const gt: GtStateInput = { step: 2, ess: ess.value, components: [], activity: A, screenText: 'settings wifi' };
const step = (index: number, activity: string, screenText: string): ExecStepInput => ({ index, activity, screenText, hierarchy: { nodes: [], roots: [] } as never, action: { kind: 'back', screen } });
const trace: TraceInput = { episode: 'e', problems: [], steps: [step(0, 'p/.X', 'home'), step(1, A, 'settings wi-fi'), step(2, A, 'settings wifi on'), step(3, A, 'settings')] };
const known: Record<string, number> = { 'settings wi-fi': 0.95, 'settings wifi on': 0.97, settings: 0.5 };

/** Runs the scan the way the evaluator does: fetch what was asked, scan again; returns the rounds' asks. */
function drive(): { asks: string[][]; completed: boolean; at: (number | undefined)[] } {
  const fetched = new Set<string>();
  const asks: string[][] = [];
  for (;;) {
    const asked: string[] = [];
    const svc = createMatchServices({
      screenThreshold: 0.9,
      similarity: (_a, b) => (fetched.has(b) ? known[b] : (asked.push(b), undefined)),
      waiting: () => asked.length > 0,
    });
    const r = evaluateEssentialStates([gt], trace, svc, { final: 'none' });
    if (!asked.length) return { asks, completed: r.completed, at: r.states.map((s) => s.execStep) };
    asks.push(asked);
    for (const t of asked) fetched.add(t);
  }
}

describe('sequencer: stops at the first step waiting for a fetch', () => {
  it('asks only for the first step that passes the cheap checks, and that step matches', () => {
    const r = drive();
    expect(r.asks).toEqual([['settings wi-fi']]);
    expect(r.completed).toBe(true);
    expect(r.at).toEqual([1]);
  });

  it('without the hook (nothing is ever fetched) every step is tried and none is waited for', () => {
    const asked: string[] = [];
    const r = evaluateEssentialStates([gt], trace, createMatchServices({ similarity: (_a, b) => (asked.push(b), undefined) }), { final: 'none' });
    // The scan tries every step, then the closest-step search its two best candidates (later first).
    expect(asked).toEqual(['settings wi-fi', 'settings wifi on', 'settings', 'settings', 'settings wifi on']);
    expect(r.completed).toBe(false);
  });
});

describe('order of costly items', () => {
  it('checks an icon (a small decode) before a fuzzy item (sentence-model windows), after the string checks', async () => {
    const { orderItems } = await import('./match-item');
    const parsed = parseEss('fuzzy<-1>|exact<1>|exact<0>|activity<0>', 'x.ess');
    if (!parsed.ok) throw new Error('ess');
    const icon = { id: 1, class: 'android.widget.ImageView', text: '', 'content-desc': '', bounds: '[0,0][10,10]' };
    const label = { id: 0, class: 'android.widget.TextView', text: 'Wi-Fi', 'content-desc': '', bounds: '[0,20][10,30]' };
    const state: GtStateInput = { step: 0, ess: parsed.value, components: [label, icon] as never, activity: A };
    expect(orderItems(parsed.value.items, 'fixed', state).map((i) => i.raw)).toEqual(['activity<0>', 'exact<0>', 'exact<1>', 'fuzzy<-1>']);
    expect(orderItems(parsed.value.items, 'legacy', state).map((i) => i.raw)).toEqual(['fuzzy<-1>', 'activity<0>', 'exact<1>', 'exact<0>']);
  });
});
