import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCheckpointTasks, scoreCheckpoints } from '../shared/evaluation/checkpoints';
import { AnnotatePage } from './pages/annotate-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

// The CheckPoints panel of the annotation view: edit a task's Mobile-Bench test case (with groups),
// save it into <dataset>/checkpoints.json on disk, and refuse to overwrite a file changed meanwhile.
describe.skipIf(why !== '')(`web mode in Chromium: the CheckPoints panel of the annotation view ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: AnnotatePage;
  const file = () => join(ds.root, 'checkpoints.json');
  const panel = () => app.page.locator('.cp-panel[data-cp-panel="open"]');
  const field = (f: string) => panel().locator(`[data-cp-field="${f}"]`);

  beforeAll(async () => {
    ds = makeDataset();
    // Another task's test case is already there, in the released data's form: it must survive our saves.
    writeFileSync(file(), '[{"id": "other", "query": "q", "app": "Calculator", "check_point": {"text": ["&", "7", "x"]}}]\n');
    web = await openWebSession(join(ds.outside, 'state'));
    app = new AnnotatePage(web.page);
    await app.openDataset(web.server.url, ds.root, 2);
    await app.showStep('18', 5);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  it('edit -> file on disk: package, grouped key phrases and an API checkpoint, in Mobile-Bench JSON; the other test case kept', async () => {
    await app.page.locator('[data-cp-panel="closed"]').click();
    await app.page.locator('.cp-panel[data-cp-state="ready"][data-episode="18"]').waitFor();
    // The task has no test case yet: the query starts as the task's description.
    expect(await field('query').inputValue()).toBe('Practice pronunciation in French in Duolingo.');
    await field('apps').fill('Duolingo');
    await field('package').fill('com.duolingo');
    await field('phrase').fill('["Lesson 2 of 5", "Select the correct image"]\n["|", "French", "Français"]');
    await field('api').fill('adb shell am start -n com.duolingo/.app.LoginActivity');
    await panel().locator('[data-cp-save]').click();
    await app.page.locator('.cp-panel[data-cp-state="saved"]').waitFor();
    const saved = JSON.parse(readFileSync(file(), 'utf8')) as unknown[];
    expect(saved).toEqual([
      { ID: 'other', Query: 'q', 'APP List': ['Calculator'], CheckPoints: { Package: [], 'Key phrase': [['&', '7', 'x']], API: [] } },
      { ID: '18', Query: 'Practice pronunciation in French in Duolingo.', 'APP List': ['Duolingo'],
        CheckPoints: { Package: ['com.duolingo'], 'Key phrase': [['Lesson 2 of 5', 'Select the correct image'], ['|', 'French', 'Français']], API: ['adb shell am start -n com.duolingo/.app.LoginActivity'] } },
    ]);
    // What the panel wrote is what --method checkpoints reads: one task, 5 checkpoints (the package, each member
    // of the sequential group as the paper counts them, the '|' alternatives once, the API).
    const r = parseCheckpointTasks(readFileSync(file(), 'utf8'), 'checkpoints.json');
    expect(r.ok && scoreCheckpoints('18', r.value[1]!, []).total).toEqual({ package: 1, all: 5 });
    await app.screenshot(join(SHOTS, 'annotate-checkpoints.png'));
  }, 60_000);

  it('a bad group is refused naming its line; a file changed on disk since loading is not overwritten (conflict), Reload takes the disk version', async () => {
    await field('phrase').fill('Lesson 2 of 5\n["&", "unclosed"');
    await panel().locator('[data-cp-save]').click();
    await app.page.locator('.cp-panel[data-cp-state="error"]').waitFor();
    expect(await panel().locator('[data-cp-message]').textContent()).toMatch(/^Key phrase line 2: .* is not a group in JSON syntax/);
    const before = readFileSync(file(), 'utf8');

    // Someone else edits the file; our save must not overwrite it.
    const theirs = before.replace('"com.duolingo"', '"com.duolingo.beta"');
    writeFileSync(file(), theirs);
    await field('phrase').fill('Lesson 2 of 5');
    await panel().locator('[data-cp-save]').click();
    await app.page.locator('.cp-panel[data-cp-state="conflict"]').waitFor();
    expect(await panel().locator('[data-cp-message]').textContent()).toMatch(/checkpoints\.json changed on disk since the CheckPoints of 18 were loaded; nothing was saved/);
    expect(readFileSync(file(), 'utf8')).toBe(theirs);
    await panel().getByRole('button', { name: 'Reload' }).click();
    await app.page.locator('.cp-panel[data-cp-state="ready"]').waitFor();
    expect(await field('package').inputValue()).toBe('com.duolingo.beta');
    expect(await field('phrase').inputValue()).toBe('["Lesson 2 of 5","Select the correct image"]\n["|","French","Français"]');
  }, 60_000);
});
