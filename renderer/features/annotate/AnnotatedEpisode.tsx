import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { BOX_FILTERS, BOX_FILTER_LABELS, type BoxFilter } from '../../canvas/box-filter';
import { EpisodeView, type EpisodeAnnotation } from '../episode/EpisodeView';
import { ComponentInspector } from '../inspector/ComponentInspector';
import { HierarchyTree } from '../hierarchy/HierarchyTree';
import { EntryStatus, useAnnotateStage } from './AnnotateStage';
import { EssEditor } from './EssEditor';
import { pickOcrAt } from './OcrLayer';
import { OcrToggle } from './OcrToggle';
import { PanelHandle } from './PanelHandle';

/**
 * The episode as the annotation view shows it: the shared episode layout (features/episode) with the
 * annotation's parts plugged in, so the episode folder never imports this one.
 */
export function AnnotatedEpisode() {
  const s = useAppStore(useShallow((st) => ({
    hierarchy: st.hierarchy, hierarchyStatus: st.hierarchyStatus, hovered: st.hovered, selected: st.selected, hover: st.hover, select: st.select,
    // The thumbnails wait until the step's annotation is read (they would queue before it).
    draftPending: st.draftStatus === 'loading' || (st.draftStatus !== 'error' && st.draft?.path !== st.taskPath),
    boxFilter: st.boxFilter, setBoxFilter: st.setBoxFilter,
  })));
  const a = useAnnotateStage();
  const focusId = s.selected ?? s.hovered;
  const annotation: EpisodeAnnotation = {
    stage: { tabIndex: 0, onKeyDown: a.onKeyDown, 'data-focus-region': 'screen' },
    status: <EntryStatus />,
    tools: (
      <>
        <select className="box-filter" aria-label="Boxes shown" value={s.boxFilter} onChange={(e) => s.setBoxFilter(e.target.value as BoxFilter)}>
          {BOX_FILTERS.map((f) => <option key={f} value={f}>{BOX_FILTER_LABELS[f]}</option>)}
        </select>
        <OcrToggle />
        <span className="zoom-slot" id="zoom-slot" />
      </>
    ),
    screen: {
      cycle: true, boxFilter: s.boxFilter, layers: a.layers, onPickFirst: pickOcrAt, labels: a.labels, zoomRef: a.zoomRef,
      onToggleMulti: a.toggleMulti, controls: (info) => a.controls(info, s.hierarchy?.screen ?? null),
    },
    side: (
      <>
        <PanelHandle panel="side" />
        <div className="annotate-side">
          <EssEditor />
          <PanelHandle panel="editor" />
          <ComponentInspector hierarchy={s.hierarchy} focusId={focusId} pinned={s.selected !== null} onPick={s.select} onHover={s.hover} searchable
            multi={a.multi} onToggleMulti={a.toggleMulti} tab={a.sideTab} onTab={a.setSideTab}
            tree={<HierarchyTree components={s.hierarchy?.components ?? []} selected={s.selected} hovered={s.hovered} multi={a.multi}
              onPick={s.select} onHover={s.hover} onToggleMulti={a.toggleMulti} />} />
        </div>
      </>
    ),
    holdFilmstrip: s.hierarchyStatus === 'loading' || s.draftPending,
  };
  return <EpisodeView annotation={annotation} />;
}
