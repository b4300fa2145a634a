import { z } from 'zod';
import { defineAgent } from './agent-spec';
import { setting } from './settings';
import { GROUNDING_FAMILIES, GROUNDING_FAMILY_NAMES } from './grounding/resize';

/** The LLM agent over any OpenAI-compatible chat-completions endpoint (text or set-of-marks vision). */
export const llmSpec = defineAgent({
  name: 'llm', label: 'LLM (any OpenAI-compatible endpoint)',
  summary: 'an LLM over any OpenAI-compatible endpoint (text: numbered hierarchy; vision: set-of-marks screenshot; coordinates: a grounding model on the raw screenshot)',
  settings: z.object({
    base_url: setting.url({ label: 'Endpoint', required: true, env: 'TOUCHSTONE_LLM_BASE_URL', placeholder: 'http://127.0.0.1:8080/v1', help: 'Chat-completions base URL (llama.cpp, vLLM, Ollama, hosted)' }),
    model: setting.text({ label: 'Model', required: true, env: 'TOUCHSTONE_LLM_MODEL', placeholder: 'e.g. qwen2.5-vl-7b-instruct' }),
    mode: setting.choice([
      { value: 'text', label: 'text (numbered hierarchy)' }, { value: 'vision', label: 'vision (set-of-marks screenshot)' },
      { value: 'coordinates', label: 'coordinates (grounding model: the screenshot alone, answers in coordinates)' },
    ], { label: 'Mode', default: 'text' }),
    // Never written anywhere: settings named *key are redacted in episode.json, and the run form sends only a stored key's name.
    api_key: setting.secret({ label: 'API key', env: 'TOUCHSTONE_LLM_API_KEY', default: 'none', help: 'A stored key, by name; none: TOUCHSTONE_LLM_API_KEY of the core, or no key' }),
    temperature: setting.number({ label: 'Temperature', min: 0, max: 2, default: '0' }),
    max_tokens: setting.number({ label: 'Max tokens', min: 1, max: 1_000_000, integer: true, default: '512' }),
    tools: setting.choice([{ value: 'on', label: 'tool calls' }, { value: 'off', label: 'JSON in the reply' }], { label: 'Actions as', default: 'on', help: 'JSON in the reply for endpoints without tool support' }),
    price_in: setting.number({ label: 'USD / 1M tokens in', min: 0, max: 1_000_000, placeholder: 'none', help: 'For the cost in the run summary and the live run' }),
    price_out: setting.number({ label: 'USD / 1M tokens out', min: 0, max: 1_000_000, placeholder: 'none' }),
    retries: setting.number({ label: 'Retries', min: 0, max: 20, default: '3', help: 'Attempts after the first on 429, 5xx and connection failures' }),
    backoff_ms: setting.number({ label: 'First backoff (ms)', min: 0, max: 600_000, default: '1000', help: 'Doubled each attempt (with jitter), capped at 30 s; a Retry-After header wins' }),
    timeout_ms: setting.number({ label: 'Request timeout (ms)', min: 100, max: 3_600_000, default: '120000' }),
    history: setting.number({ label: 'Actions in the prompt', min: 0, max: 100, default: '8' }),
    image_width: setting.number({ label: 'Screenshot width (vision)', min: 64, max: 4096, default: '720' }),
    family: setting.choice(GROUNDING_FAMILY_NAMES.map((f) => ({ value: f, label: GROUNDING_FAMILIES[f].label })), {
      label: 'Grounding family', default: 'qwen', help: 'Coordinate mode: how the screenshot is resized and the reply read; prompt in resources/prompts/grounding-<family>.md',
    }),
  }),
});
