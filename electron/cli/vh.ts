import { readFile } from 'node:fs/promises';
import { formatProblem } from '../../shared/model';
import { decodeText } from '../platform/decode-text';
import { parseDroidbotVh } from '../../shared/formats/parse-droidbot-vh';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { numberComponents } from '../../shared/formats/number-components';
import { serialiseComponentsJson } from '../../shared/formats/components-json';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone vh number`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['vh', 'number'],
  positionals: [{ name: 'file', description: 'a uiautomator XML dump (.xml), a LlamaTouch .vh or a DroidBot state .json' }],
  description: `Prints the numbered component list (the i.json schema, upstream's keep and
numbering rules) of a uiautomator XML dump or a DroidBot view list as JSON.`,
  options: {
    'no-xpath': { type: 'boolean', description: "leave out the xpath field (exactly upstream's keys)" },
  },
});

/** `touchstone vh number <file>`: exit 0 on success, 1 when the file cannot be parsed, 2 on usage errors. */
export async function run(args: string[]): Promise<number> {
  const p = parseOrExit(SPEC, args);
  if ('exit' in p) return p.exit;
  const file = p.positionals[0]!;
  let text: string;
  try {
    text = decodeText(await readFile(file));
  } catch (err) {
    console.error(`touchstone vh number: cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }
  // Content decides the parser, so a .json DroidBot state or a misnamed file still works.
  const parsed = /^\s*[[{]/.test(text) ? parseDroidbotVh(text, file) : parseUiautomatorXml(text, file);
  if (!parsed.ok) {
    for (const p of parsed.problems) console.error(formatProblem(p));
    return 1;
  }
  for (const w of parsed.warnings) console.error(formatProblem(w));
  process.stdout.write(serialiseComponentsJson(numberComponents(parsed.value, { xpath: !p.values['no-xpath'] }), { trailingNewline: true }));
  return 0;
}
