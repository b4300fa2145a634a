import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayOf, parseConfigFile, readConfigFile } from './config-file';

const F = '/x/configs.json';

describe('configuration file', () => {
  it('reads named configurations, resolving icon-size names and device types', () => {
    const f = parseConfigFile({ format: 'touchstone-configs/1', configs: [{ name: 'default' }, { name: 'big', fontScale: 1.3, dark: true, iconSize: 'large', iconGrid: '5x6', wallpaper: 'blue' }, { name: 'de-tab', locale: 'de-DE', device: 'tablet', density: 280 }] }, F);
    expect(f.configs.map((c) => c.name)).toEqual(['default', 'big', 'de-tab']);
    expect(f.configs[1]).toMatchObject({ fontScale: 1.3, dark: true, iconSize: 1.25, iconGrid: '5x6', wallpaper: 'blue' });
    expect(displayOf(f.configs[2]!)).toEqual({ size: '1600x2560', density: 280 });
    expect(f.split).toEqual({ train: 35, test: 10 });
  });

  // every message names the file, the configuration, the field, what it got and what is allowed
  it.each([
    [{ configs: [{ name: 'a', fontScale: 3 }] }, /configs\.json: 1 problem.*config "a" \(configs\[0\]\): field "fontScale": got 3; allowed: a number from 0\.85 to 2/s],
    [{ configs: [{ name: 'a', device: 'pixel9' }] }, /config "a" \(configs\[0\]\): field "device": got "pixel9"; allowed: "pixel3", "pixel4", "pixel6", "tablet"/],
    [{ configs: [{ name: 'a', dark: 'yes' }] }, /field "dark": got "yes"; allowed: true or false/],
    [{ configs: [{ name: 'a', locale: 'german' }] }, /field "locale": got "german"; allowed: a language-REGION tag/],
    [{ configs: [{ name: 'a', iconGrid: '9x9' }] }, /field "iconGrid": got "9x9"; allowed: "COLSxROWS" with 3-6 columns/],
    [{ configs: [{ name: 'a', wallpaper: 'pink' }] }, /field "wallpaper": got "pink"; allowed: "#rrggbb" or one of "default"/],
    [{ configs: [{ name: 'a', density: 1000 }] }, /field "density": got 1000; allowed: a whole number of dpi from 120 to 640/],
    [{ configs: [{ name: 'a', size: '10x10' }] }, /field "size": got "10x10"/],
    [{ configs: [{ name: 'a', fontsize: 1 }] }, /config "a" \(configs\[0\]\): unknown field "fontsize"; allowed fields: name, locale, fontScale/],
    [{ configs: [{ fontScale: 1 }] }, /config #1 \(configs\[0\]\): field "name": got nothing/],
    [{ configs: [{ name: 'a' }, { name: 'a' }] }, /config "a" \(configs\[1\]\): the name is used twice/],
    [{ factors: { fontScale: [1, 5] } }, /factors\.fontScale\[1\]: got 5; allowed/],
    [{ factors: { colour: ['red'] } }, /factors: unknown factor "colour"/],
    [{ configs: [{ name: 'a' }], split: { train: 0 } }, /split\.train: got 0; allowed: a whole number from 1 to 10000/],
    [{ format: 'other/2', configs: [{ name: 'a' }] }, /field "format": got "other\/2"; allowed: "touchstone-configs\/1"/],
    [{}, /names no configurations/],
  ])('rejects %j', (json, msg) => {
    expect(() => parseConfigFile(json, F)).toThrow(msg);
  });

  it('lists every problem at once', () => {
    expect(() => parseConfigFile({ configs: [{ name: 'a', fontScale: 9, dark: 1 }, { name: 'b', device: 'x' }] }, F)).toThrow(/3 problem\(s\)/);
  });

  it('names the file when it is missing or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ts-cfg-'));
    await expect(readConfigFile(join(dir, 'none.json'))).rejects.toThrow(/none\.json: cannot read the configuration file \(ENOENT\)/);
    writeFileSync(join(dir, 'bad.json'), '{"configs": [');
    await expect(readConfigFile(join(dir, 'bad.json'))).rejects.toThrow(/bad\.json: not valid JSON/);
  });
});
