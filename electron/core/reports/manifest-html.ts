import { manifestLines, type AgentManifest, type EvalManifest } from '../../../shared/evaluation/manifest';
import { esc } from './report-failures';

/** The report's "Manifest" section: what produced these numbers (tool, inputs' content hashes, settings), and the manifest itself as JSON to copy. */
export function manifestHtml(given: EvalManifest | readonly AgentManifest[] | undefined): string {
  // Several agents (the evaluation view): one manifest each, under the agent's name.
  if (Array.isArray(given) && given.length !== 1) return given.length ? agentManifestsHtml(given) : '';
  const m = Array.isArray(given) ? (given as readonly AgentManifest[])[0]!.manifest : (given as EvalManifest | undefined);
  if (!m) return '';
  const lines = manifestLines(m).map((l) => `<li>${esc(l)}</li>`).join('');
  return `<h2 id="manifest">Manifest</h2><p>Reproduce with <code>touchstone eval --check-manifest</code> on the JSON report (or on this block saved as a file).</p>
<ul class="manifest">${lines}</ul><details><summary>Manifest (JSON)</summary><pre class="manifest-json">${esc(JSON.stringify(m, null, 2))}</pre></details>`;
}

function agentManifestsHtml(ms: readonly AgentManifest[]): string {
  const parts = ms.map(({ agent, manifest }) => `<h3>${esc(agent)}</h3><ul class="manifest">${manifestLines(manifest).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`);
  return `<h2 id="manifest">Manifest</h2><p>One per agent. Reproduce with <code>touchstone eval --check-manifest</code> on one agent's manifest saved as a file.</p>
${parts.join('\n')}<details><summary>Manifests (JSON)</summary><pre class="manifest-json">${esc(JSON.stringify(ms, null, 2))}</pre></details>`;
}
