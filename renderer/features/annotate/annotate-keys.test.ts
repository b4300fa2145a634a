import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '../../api/client';
import { startTestServer, type TestServer } from '../../api/testing/test-server';
import { createAppStore, type AppStore } from '../../store/create-store';
import { createKeymap, type KeyEventLike } from '../../keymap/keymap';
import { withProbe } from '../../../shared/kinds/primitives/testing/probe-primitive';
import { addActions, ADD_ACTIONS } from './add-actions';
import { annotateBindings } from './annotate-keys';

const EPISODES_PATH = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes');
const EPISODES = existsSync(EPISODES_PATH) ? realpathSync(EPISODES_PATH) : EPISODES_PATH;
const key = (k: string): KeyEventLike => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false });

describe('the annotation keys come from the primitive table', () => {
  it('the editor\'s adds are the production primitives\' own, spelled by the shared formatter', () => {
    expect(ADD_ACTIONS.map((a) => [a.key, a.label, a.item(7, { kind: 'input', text: 'hi' }, '12:05')])).toEqual([
      ['e', 'Exact', 'exact<7>'], ['f', 'Fuzzy', 'fuzzy<7>'], ['x', 'Exclude', 'exclude<7>'], ['c', 'Click', 'click<7>'],
      ['a', 'Activity', 'activity<0>'], ['s', 'Screen fuzzy', 'fuzzy<-1>'], ['t', 'Type', 'type<hi>'],
      ['m', 'Text only', 'text<7>'], ['p', 'Pattern', 'regex<7:\\d{1,3}:\\d{1,3}>'], ['u', 'Range', 'range<7:0..120>'],
    ]);
    // A pattern or a range needs a component whose text has a number.
    expect(ADD_ACTIONS.find((a) => a.key === 'p')?.item(7, undefined, 'Done')).toBeNull();
    expect(ADD_ACTIONS.find((a) => a.key === 't')?.item(null, { kind: 'input', text: 'a|b' })).toBeNull();
    expect(ADD_ACTIONS.find((a) => a.key === 'e')?.item(null, undefined)).toBeNull();
  });
});

describe.skipIf(!existsSync(EPISODES))(`a throw-away primitive's key in the annotation view${existsSync(EPISODES) ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let tmp: string;
  let real: TestServer;
  let store: AppStore;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-keys-'));
    const root = join(tmp, 'data');
    mkdirSync(join(root, 'trace_18'), { recursive: true });
    cpSync(join(EPISODES, 'trace_18'), join(root, 'trace_18'), { recursive: true });
    real = await startTestServer(join(tmp, 'state'));
    store = createAppStore(createClient(real.transport));
    await store.getState().boot();
    await store.getState().openPath(root);
    await store.getState().selectStep(1);
    await store.getState().loadDraft();
  });
  afterAll(async () => {
    await real?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('is bound, listed in the help overlay and adds its item, with only its spec and one table entry', async () => {
    const keymap = createKeymap();
    keymap.register('annotate', annotateBindings(store, addActions(withProbe)));
    const listed = keymap.list(['annotate']).flatMap((s) => s.bindings.map((b) => [b.keys.join(' '), b.label]));
    expect(listed).toContainEqual(['q', 'Probe: The activity must contain "Main" (probe<Main>)']);
    expect(store.getState().draftStatus).toBe('ready');
    const before = store.getState().draft!.items;
    keymap.find(['annotate'], key('q'))!.run(key('q'));
    expect(store.getState().draft!.items).toEqual([...before, 'probe<Main>']);
    // The core evaluates and saves with the production table, which does not know the probe: the save is refused, naming it.
    await vi.waitFor(() => expect(store.getState().saveState).toBe('error'));
    expect(store.getState().saveError).toMatch(/unknown keyword 'probe'/);
  });

  it('is not bound by the production table', () => {
    const keymap = createKeymap();
    keymap.register('annotate', annotateBindings(store));
    expect(keymap.find(['annotate'], key('q'))).toBeNull();
    expect(keymap.list(['annotate']).flatMap((s) => s.bindings.map((b) => b.label))).toContain('Exact: The selected component must be on the screen, equal (exact<n>)');
  });
});
