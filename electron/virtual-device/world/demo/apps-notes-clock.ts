import { base, defineApp, type AppDef, type BaseState } from './app';
import { clockText } from './apps-system';

interface Note { id: number; title: string; body: string }
interface NotesState extends BaseState { notes: Note[]; nextId: number; editing: number | null }

const NOTES = 'com.touchstone.notes';

function saveEditing(s: NotesState): void {
  const title = (s.fields.note_title ?? '').trim();
  const body = s.fields.note_body ?? '';
  if (!title && !body) return;
  const existing = s.notes.find((n) => n.id === s.editing);
  if (existing) { existing.title = title; existing.body = body; }
  else s.notes.unshift({ id: s.nextId++, title: title || 'Untitled', body });
}

export const notesApp: AppDef = defineApp<NotesState>({
  pkg: NOTES, label: 'Notes', icon: 'note', color: '#f9ab00', system: false, preinstalled: true, launchable: true,
  activities: { main: `${NOTES}.NotesActivity`, edit: `${NOTES}.EditNoteActivity` },
  initial: () => ({ ...base(), notes: [{ id: 1, title: 'Groceries', body: 'Milk, eggs, bread' }], nextId: 2, editing: null }),
  build(b, s, screen) {
    if (screen === 'main') {
      b.appBar('Notes', { actions: [{ icon: 'search', desc: 'Search notes', id: 'search', action: 'noop' }] });
      if (s.notes.length === 0) b.text('No notes yet', { color: b.theme.muted, align: 'center', id: 'empty' });
      for (const n of s.notes) b.listItem({ title: n.title, subtitle: n.body.split('\n')[0] || ' ', icon: 'note', iconColor: '#f9ab00', id: 'note_item', action: `open:${n.id}` });
      b.fab('plus', 'New note', 'fab_add', 'new');
      return;
    }
    b.appBar(s.editing === null ? 'New note' : 'Edit note', {
      nav: { icon: 'back', desc: 'Navigate up', action: 'up' },
      actions: [{ icon: 'trash', desc: 'Delete', id: 'action_delete', action: 'delete' }, { icon: 'check', desc: 'Save', id: 'action_save', action: 'save' }],
    });
    b.edit({ id: 'note_title', value: s.fields.note_title ?? '', hint: 'Title', focused: s.focus === 'note_title', action: 'focus:note_title' });
    b.edit({ id: 'note_body', value: s.fields.note_body ?? '', hint: 'Note', focused: s.focus === 'note_body', action: 'focus:note_body', lines: 6 });
  },
  act(s, screen, action) {
    const open = (n: Note | null): { push: string } => {
      s.editing = n?.id ?? null;
      s.fields.note_title = n?.title ?? '';
      s.fields.note_body = n?.body ?? '';
      s.focus = n ? null : 'note_title';
      return { push: 'edit' };
    };
    if (action === 'new') return open(null);
    if (action.startsWith('open:')) return open(s.notes.find((n) => n.id === Number(action.slice(5))) ?? null);
    if (screen !== 'edit') return null;
    if (action === 'save' || action === 'up') { saveEditing(s); return { pop: true }; }
    if (action === 'delete') { s.notes = s.notes.filter((n) => n.id !== s.editing); s.fields.note_title = ''; s.fields.note_body = ''; return { pop: true }; }
    return null;
  },
  // Like most note apps, leaving the editor with BACK keeps what was typed.
  onBack(s, screen) {
    if (screen === 'edit') saveEditing(s);
    return undefined;
  },
});

interface ClockState extends BaseState { count: number }

export const clockApp: AppDef = defineApp<ClockState>({
  pkg: 'com.touchstone.clock', label: 'Counter', icon: 'timer', color: '#188038', system: false, preinstalled: true, launchable: true,
  activities: { main: 'com.touchstone.clock.CounterActivity' },
  initial: () => ({ ...base(), count: 0 }),
  build(b, s, _screen, ctx) {
    b.appBar('Counter');
    b.space(24);
    b.text('Current time', { color: b.theme.muted, align: 'center' });
    b.text(clockText(ctx.now), { size: 64, align: 'center', id: 'clock_time', height: b.dp(96) });
    b.space(24);
    b.text('Count', { color: b.theme.muted, align: 'center' });
    b.text(String(s.count), { size: 72, align: 'center', id: 'counter_value', weight: 'bold', height: b.dp(110) });
    const y = b.y + b.dp(8);
    const s56 = b.dp(72);
    const cx = b.width / 2;
    for (const [icon, desc, id, dx] of [['minus', 'Decrease', 'decrement', -1.6], ['plus', 'Increase', 'increment', 0.6]] as const) {
      const x1 = Math.round(cx + dx * s56);
      b.add({ cls: 'android.widget.ImageButton', id: b.rid(id), desc, clickable: true, focusable: true, action: id, bounds: { x1, y1: y, x2: x1 + s56, y2: y + s56 }, paint: { kind: 'icon', icon, color: '#ffffff', background: b.theme.primary }, children: [] });
    }
    b.y = y + s56 + b.dp(24);
    b.button('Reset', { id: 'reset', action: 'reset', style: 'outlined' });
  },
  act(s, _screen, action) {
    if (action === 'increment') s.count++;
    else if (action === 'decrement') s.count--;
    else if (action === 'reset') s.count = 0;
    return null;
  },
});
