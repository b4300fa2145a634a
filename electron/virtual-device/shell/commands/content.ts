import type { CommandFn } from '../types';

/** `content query --uri content://settings/NAMESPACE [--projection a:b] [--where "name='x'"]`, over the device's settings table. */
export const content: CommandFn = (io) => {
  const args = io.args.slice(1);
  const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const uri = opt('--uri');
  if (args[0] === 'insert' && uri) return insert(io, args, uri);
  if (args[0] !== 'query' || !uri) {
    io.err(`usage: content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]\n`);
    return 1;
  }
  const m = /^content:\/\/([^/]+)\/?([^/]*)$/.exec(uri);
  if (!m || m[1] !== 'settings' || !['system', 'secure', 'global'].includes(m[2])) {
    io.err(`Error while accessing provider:${m?.[1] ?? uri}\njava.lang.IllegalArgumentException: Unknown URI ${uri}\n`);
    return 1;
  }
  const ns = m[2];
  // The provider's rows in key order, numbered from 1 like SettingsProvider's _id.
  let rows = [...io.host.settings].filter(([k]) => k.startsWith(ns + ':')).map(([k, v]) => [k.slice(ns.length + 1), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value], i) => ({ _id: String(i + 1), name, value }));
  const where = opt('--where');
  if (where !== undefined) {
    const w = /^\s*(_id|name|value)\s*=\s*'([^']*)'\s*$/.exec(where);
    if (!w) { io.err(`Error while accessing provider:settings\nandroid.database.sqlite.SQLiteException: unsupported where clause: ${where}\n`); return 1; }
    rows = rows.filter((r) => r[w[1] as 'name'] === w[2]);
  }
  const cols = (opt('--projection')?.split(':') ?? ['_id', 'name', 'value']) as ('_id' | 'name' | 'value')[];
  if (!rows.length) { io.out('No result found.\n'); return 0; }
  io.out(rows.map((r, i) => `Row: ${i} ${cols.map((c) => `${c}=${r[c] ?? 'NULL'}`).join(', ')}\n`).join(''));
  return 0;
};

/**
 * `content insert --uri content://settings/NS --bind name:s:KEY --bind value:s|i|l|f|d|b:VALUE`: how
 * AndroidWorld-style harnesses set `user_rotation` and other settings. Prints nothing on success.
 */
function insert(io: Parameters<CommandFn>[0], args: string[], uri: string): number {
  const m = /^content:\/\/settings\/(system|secure|global)$/.exec(uri);
  if (!m) { io.err(`Error while accessing provider:settings\njava.lang.IllegalArgumentException: Unknown URI ${uri}\n`); return 1; }
  const binds = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--bind') continue;
    const b = /^([^:]+):([sbilfd]):(.*)$/s.exec(args[++i] ?? '');
    if (!b) { io.err(`Error: Invalid binding ${args[i] ?? ''}\n`); return 1; }
    binds.set(b[1], b[3]);
  }
  const name = binds.get('name');
  if (!name || !binds.has('value')) { io.err('Error: Bindings name and value are required\n'); return 1; }
  io.host.settings.set(`${m[1]}:${name}`, binds.get('value')!);
  return 0;
}
