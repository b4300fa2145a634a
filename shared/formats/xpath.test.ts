import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseUiautomatorXml } from './parse-uiautomator-xml';
import { parseDroidbotVh } from './parse-droidbot-vh';
import { resolveXpath } from './xpath';
import type { ViewHierarchy } from '../model';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const TRACE_XPATH = '//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]';

const small = (): ViewHierarchy => {
  const xml = `<hierarchy rotation="0">
  <node index="0" class="F" text="" resource-id="root" bounds="[0,0][100,100]">
    <node index="0" class="B" text="a" clickable="true" bounds="[0,0][10,10]"/>
    <node index="1" class="T" text="x" bounds="[0,0][10,10]"/>
    <node index="2" class="B" text="b" clickable="false" bounds="[0,0][10,10]">
      <node index="0" class="B" text="c" clickable="true" bounds="[0,0][10,10]"/>
    </node>
  </node>
  <node index="0" class="F" text="second window" bounds="[0,0][1,1]"/>
</hierarchy>`;
  const r = parseUiautomatorXml(xml, 'small.xml');
  if (!r.ok) throw new Error('parse');
  return r.value;
};
const texts = (vh: ViewHierarchy, xp: string): string[] => resolveXpath(vh, xp).map((n) => n.text);

describe('resolveXpath', () => {
  it.each([
    ['/hierarchy/F[1]/B[2]', ['b']],
    ['/hierarchy/F[2]', ['second window']],
    ['/hierarchy/F', ['', 'second window']],
    ['//B', ['a', 'b', 'c']],
    ['//B[1]', ['a', 'c']],
    ['//*[@text="x"]', ['x']],
    ["//B[@clickable='true']", ['a', 'c']],
    ['//B[@clickable="true" and @text="c"]', ['c']],
    ['//*[@text="a" or @text="x"]', ['a', 'x']],
    ['//*[@resource-id="root"]/B[2]/B[1]', ['c']],
    ['//*[contains(@text, "econd")]', ['second window']],
    ['//node[starts-with(@text,"b")]', ['b']],
    ['//*[@text!=""][2]', ['x']],
    ['//*[@text="none"]', []],
    ['/hierarchy/B', []],
  ])('%s', (xp, expected) => {
    expect(texts(small(), xp)).toEqual(expected);
  });

  it.each(['', 'B', '//*[@text=]', '//*[@text="x"', '//*[text()="x"]', '//a*b'])('throws a clear error for unsupported syntax %j', (xp) => {
    expect(() => resolveXpath(small(), xp)).toThrow(/Cannot parse xpath/);
  });

  it.skipIf(!have)('resolves trace_18 step 2 click xpath to the same box in .vh and .xml', () => {
    const dir = path.join(FIXTURES, 'llamatouch/episodes/trace_18');
    const vh = parseDroidbotVh(readFileSync(path.join(dir, '2.vh'), 'utf8'), '2.vh');
    const xml = parseUiautomatorXml(readFileSync(path.join(dir, '2.xml'), 'utf8'), '2.xml');
    if (!vh.ok || !xml.ok) throw new Error('parse');
    const a = resolveXpath(vh.value, TRACE_XPATH);
    const b = resolveXpath(xml.value, TRACE_XPATH);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0].bounds).toEqual(b[0].bounds);
    expect(a[0].className).toBe('android.widget.ImageView');
  });
});
