import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { RunTile } from './RunTile';

describe('a run tile says how its episode ended', () => {
  it('an episode interrupted before its first step says so with the reason, not "Waiting for the first step…"', () => {
    const html = renderToStaticMarkup(<RunTile device="emulator-5554" outcome="interrupted" reason="The LLM endpoint stayed unreachable (ECONNREFUSED)." ended />);
    expect(html).toContain('Interrupted before its first step: The LLM endpoint stayed unreachable (ECONNREFUSED).');
    expect(html).not.toContain('Waiting for the first step');
    expect(html).toContain('data-ended-outcome="interrupted"');
  });
  it('cancelled, a finished run without steps, and a running episode without one yet', () => {
    expect(renderToStaticMarkup(<RunTile device="d" outcome="cancelled" />)).toContain('Cancelled before its first step.');
    expect(renderToStaticMarkup(<RunTile device="d" ended />)).toContain('No step recorded.');
    expect(renderToStaticMarkup(<RunTile device="d" episode="demo01" />)).toContain('Waiting for the first step…');
  });
  it('a tile with steps whose episode was interrupted keeps its screen and says so below it', () => {
    const last = { jobId: 'j', device: 'd', episode: 'demo01', agent: 'llm', repeat: 1, step: 2, action: { kind: 'none' as const }, description: 'tap', url: '/x.png', totalMs: 1, agentMs: 1 };
    const html = renderToStaticMarkup(<RunTile device="d" last={last} outcome="interrupted" reason="Device d is gone." ended />);
    expect(html).toContain('data-tile-stopped');
    expect(html).toContain('Interrupted: Device d is gone.');
  });
});
