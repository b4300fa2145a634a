import { manifestLines, type EvalManifest } from '../../../shared/evaluation/manifest';
import { esc } from './report-failures';

/** The report's "Manifest" section: what produced these numbers (tool, inputs' content hashes, settings), and the manifest itself as JSON to copy. */
export function manifestHtml(m: EvalManifest | undefined): string {
  if (!m) return '';
  const lines = manifestLines(m).map((l) => `<li>${esc(l)}</li>`).join('');
  return `<h2 id="manifest">Manifest</h2><p>Reproduce with <code>touchstone eval --check-manifest</code> on the JSON report (or on this block saved as a file).</p>
<ul class="manifest">${lines}</ul><details><summary>Manifest (JSON)</summary><pre class="manifest-json">${esc(JSON.stringify(m, null, 2))}</pre></details>`;
}
