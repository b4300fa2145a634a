import { describe, expect, it } from 'vitest';
import type { NumberedComponent } from '../../shared/model';
import { boxesOf } from '../../shared/geometry/component-at';
import { filterBoxes } from './box-filter';

const comp = (id: number, over: Partial<NumberedComponent>): NumberedComponent => ({
  id, class: 'android.widget.TextView', text: '', 'resource-id': '', 'content-desc': '', bounds: `[0,${id * 10}][100,${id * 10 + 10}]`,
  enabled: true, checked: false, checkable: false, visible: true, selected: false, focused: false, focusable: false,
  clickable: false, 'long-clickable': false, password: false, scrollable: false, ...over,
} as NumberedComponent);

describe('filterBoxes', () => {
  const comps = [comp(0, { clickable: true }), comp(1, { text: 'Hello' }), comp(2, { 'content-desc': 'Back' }), comp(3, {})];
  const boxes = boxesOf(comps);
  const ess = [{ index: 0, keyword: 'exact' as const, raw: 'exact<3>', target: '#3', sentence: '', componentIds: [3] }];
  it.each([
    ['all', [0, 1, 2, 3]],
    ['clickable', [0]],
    ['text', [1, 2]],
    ['annotated', [3]],
    ['none', []],
  ] as const)('%s', (filter, ids) => {
    expect(filterBoxes(boxes, comps, ess, filter).map((b) => b.id)).toEqual(ids);
  });
});
