import { describe, it, expect } from 'vitest';
import { conversationText, stepConversation } from './step-conversation';

describe('a step\'s conversation from its agent note', () => {
  it('copies the prompt as text with image placeholders, the reply with its tool calls, tokens, latency and attempts', () => {
    const c = stepConversation({
      model: 'm', mode: 'vision', tokensIn: 900, tokensOut: 12, latencyMs: 41.5, attempts: 2, errors: ['HTTP 429 rate limited'],
      prompt: [{ role: 'system', content: 'You operate a phone.' }, { role: 'user', content: [{ type: 'text', text: 'Task: Open Settings' }, { type: 'image_url', image_url: '<set-of-marks PNG, 40 KiB>' }] }],
      reply: { content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tap', arguments: '{"element":4}' } }] },
      secretish: 'sk-should-not-pass',
    });
    expect(c).toEqual({
      model: 'm', mode: 'vision', tokensIn: 900, tokensOut: 12, latencyMs: 41.5, attempts: 2, errors: ['HTTP 429 rate limited'],
      prompt: [{ role: 'system', text: 'You operate a phone.' }, { role: 'user', text: 'Task: Open Settings\n<set-of-marks PNG, 40 KiB>' }],
      images: ['<set-of-marks PNG, 40 KiB>'], reply: 'tap({"element":4})',
    });
    expect(JSON.stringify(c)).not.toContain('sk-should-not-pass');
    expect(conversationText(c)).toContain('task: open settings');
  });
  it('coordinate mode: the parsed action; built-in agents: none', () => {
    expect(stepConversation({ prompt: [], reply: { content: 'tap(1, 2)' }, parsed: { kind: 'tap', at: { x: 1, y: 2 } } })?.parsed).toBe('{"kind":"tap","at":{"x":1,"y":2}}');
    expect(stepConversation(undefined)).toBeUndefined();
    expect(stepConversation({ calls: 3 })).toBeUndefined();
  });
});
