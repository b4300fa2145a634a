import type { StepConversation } from '../../shared/kinds/agents/step-conversation';
import './step-conversation.css';

/**
 * One step's exchange with its model: the prompt (with the screen that was sent), the reply, the
 * action it was read as, tokens, latency and retries. Shared by the run view's step log and the replay.
 */
export function StepConversationView({ c, screenUrl }: { c: StepConversation; screenUrl?: string | null }) {
  return (
    <div className="step-conversation" data-conversation>
      <p className="muted">
        {c.model ?? 'model'}{c.mode ? ` · ${c.mode}` : ''}
        {c.tokensIn !== undefined && ` · ${c.tokensIn} tokens in, ${c.tokensOut ?? 0} out`}
        {c.latencyMs !== undefined && ` · ${Math.round(c.latencyMs)} ms`}
        {c.attempts !== undefined && ` · ${c.attempts} request${c.attempts === 1 ? '' : 's'}${c.attempts > 1 ? ` (${c.attempts - 1} retr${c.attempts === 2 ? 'y' : 'ies'})` : ''}`}
      </p>
      {c.prompt.map((m, i) => (
        <details key={i} open={m.role === 'user'} data-role={m.role}>
          <summary>{m.role} prompt</summary>
          <pre data-part="prompt">{m.text}</pre>
        </details>
      ))}
      {c.images.length > 0 && screenUrl && (
        <figure className="step-conversation-image"><img src={screenUrl} alt="screen sent to the model" /><figcaption>sent: {c.images.join(', ')}</figcaption></figure>
      )}
      <h4>reply</h4>
      <pre data-part="reply">{c.reply || '(empty)'}</pre>
      {c.parsed && <p>read as <code data-part="parsed">{c.parsed}</code></p>}
      {c.invalid && <p className="error-box" data-part="invalid">not an action: {c.invalid}</p>}
      {c.errors.length > 0 && <ul data-part="errors">{c.errors.map((e, i) => <li key={i}>{e}</li>)}</ul>}
    </div>
  );
}
