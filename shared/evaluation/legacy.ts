/**
 * What `--mode legacy` reproduces from the upstream LlamaTouch evaluator (LlamaTouch/Evaluator @ 4335369),
 * on purpose, so published numbers can be reproduced. Each entry names the matcher that implements it.
 * README-ready: render as a bullet list.
 */
/**
 * Upstream's hard-coded app table (system_state_match.py), wrong entries included ("Microsoft
 * Authenticator" and "authenticator" map to Google Authenticator, "Booking.com" to Expedia); keys are
 * case-sensitive and an unknown name raised KeyError. Used only in legacy mode.
 */
export const LEGACY_APP_PACKAGES: Readonly<Record<string, string>> = {
  ebay: 'com.ebay.mobile', booking: 'com.expedia.bookings', youtube_kid: 'com.google.android.apps.youtube.kids',
  calendar: 'com.google.android.calendar', facebook: 'com.facebook.katana', calculator: 'com.google.android.calculator',
  chrome: 'com.android.chrome', firefox: 'org.mozilla.firefox', instagram: 'com.instagram.android',
  excel: 'com.microsoft.office.excel', mcdonalds: 'com.mcdonalds.app', authenticator: 'com.google.android.apps.authenticator2',
  'Microsoft Excel': 'com.microsoft.office.excel', Duolingo: 'com.duolingo', 'Microsoft Authenticator': 'com.google.android.apps.authenticator2',
  'Booking.com': 'com.expedia.bookings', 'YouTube Kids': 'com.google.android.apps.youtube.kids', Calculator: 'com.google.android.calculator',
  Facebook: 'com.facebook.katana', Spotify: 'com.spotify.music',
};

/**
 * The first element name in `xpath` that a uiautomator dump never has, or undefined. Upstream ran
 * click xpaths through lxml on the raw dump, where every element is `<node>` under `<hierarchy>`, so
 * a class-named step (`android.widget.ImageView[1]`, as LlamaTouch's annotation tool wrote them)
 * found nothing and raised; our resolver matches class names (legacy mode uses this to fail like it).
 */
export function nameLxmlMisses(xpath: string): string | undefined {
  const steps = xpath.replace(/"[^"]*"|'[^']*'/g, '""').replace(/\[[^\]]*\]/g, '').split('/').filter(Boolean);
  return steps.find((s) => s !== 'node' && s !== 'hierarchy' && s !== '*');
}

export const LEGACY_BEHAVIOURS: readonly { bug: string; where: string; fixed: string }[] = [
  { bug: 'Typed text is truncated to its first character when traces are loaded, so multi-character type<...> never matches.', where: 'match-simple.ts matchType', fixed: 'The full typed text must equal the annotation exactly (spaces, commas and capitals kept).' },
  { bug: 'exclude<n> is parsed but never evaluated: it always holds.', where: 'match-exact.ts matchNodePresence', fixed: 'The state fails when node n is present on the execution screen.' },
  { bug: 'A missing execution view hierarchy makes the screen-level fuzzy<-1> match pass.', where: 'match-fuzzy.ts matchFuzzyScreen', fixed: 'The check fails and names the missing hierarchy file.' },
  { bug: 'Any exception in one check (missing file, xpath that finds nothing, bad node index, unknown app name) fails the whole episode with the generic reason "ui positions not found".', where: 'sequencer.ts evaluateEssentialStates', fixed: 'Only that check fails, with its reason; the scan continues on later steps.' },
  { bug: 'activity is a substring test (`exec in gt` after rewriting "/." to "."), so an empty or partial execution activity passes, and "null" always passes.', where: 'match-activity.ts matchActivity', fixed: 'Both sides are canonicalised (pkg/.A = pkg/pkg.A) and must be equal.' },
  { bug: 'Textbox fuzzy<n> is raw text equality (no embedding, case-sensitive).', where: 'match-fuzzy.ts matchFuzzyNode', fixed: 'Case/whitespace-normalised text, then embedding similarity over the model threshold.' },
  { bug: 'Only the execution XML is read; a step without it fails any exact, click or textbox fuzzy check (icons included), and so the episode.', where: 'read-captured-data.ts, match-exact.ts', fixed: 'The DroidBot JSON is read when the XML is absent (same nodes).' },
  { bug: 'A normalised tap is placed with the screenshot\'s pixel size, whatever the action line says.', where: 'match-click.ts matchClick', fixed: 'The action line\'s width and height, else the screenshot\'s size.' },
  { bug: 'click<n> needs an xpath in i.json and runs it on the raw dump, where class-named steps find nothing; click<xpath> raises.', where: 'match-click.ts counterpart', fixed: 'Class-named xpath steps resolve as UIAutomator2 does; click<xpath> and nodes without an xpath are found by their attributes.' },
  { bug: 'exact<n> compares raw attribute values: a text with surrounding spaces differs from the trimmed annotation.', where: 'legacy-exact.ts upstreamEqualNode', fixed: 'Texts are compared trimmed, whitespace-collapsed and Unicode-folded.' },
  { bug: 'App names resolve through a hard-coded, case-sensitive table with wrong entries (Microsoft Authenticator -> Google Authenticator, Booking.com -> Expedia); package names are not accepted.', where: 'match-simple.ts matchInstalled', fixed: 'The editable resources/app-packages.json (case-insensitive, corrected), and package names directly.' },
];
