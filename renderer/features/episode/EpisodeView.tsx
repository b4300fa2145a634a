import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { EpisodeScreen } from './EpisodeScreen';
import { ComponentInspector } from '../inspector/ComponentInspector';
import { ProblemList } from '../../components/ProblemList';
import { Filmstrip } from './Filmstrip';
import { EssEditor } from '../annotate/EssEditor';
import { BOX_FILTERS, BOX_FILTER_LABELS, type BoxFilter } from '../../canvas/box-filter';
import { OverlayToggles } from './OverlayToggles';
import { pickOcrAt } from '../annotate/OcrLayer';
import { EntryStatus, useAnnotateStage } from '../annotate/AnnotateStage';
import { HierarchyTree } from '../hierarchy/HierarchyTree';
import { isEmptyValue } from '../../../shared/evaluation/normalise';
import { OcrToggle } from '../annotate/OcrToggle';
import { PanelHandle } from '../annotate/PanelHandle';

/**
 * The selected task: header, filmstrip of steps, the annotated screen and the
 * component inspector; in the annotation view (`annotate`) also the step's
 * essential-state editor, and clicks cycle through stacked components.
 */
export function EpisodeView({ annotate = false }: { annotate?: boolean }) {
  const s = useAppStore(useShallow((st) => ({
    task: st.dataset?.tasks.find((t) => t.path === st.taskPath) ?? null,
    episode: st.episode, screens: st.screens, status: st.episodeStatus, error: st.episodeError,
    step: st.step, hierarchy: st.hierarchy, hierarchyStatus: st.hierarchyStatus, hierarchyError: st.hierarchyError,
    hovered: st.hovered, selected: st.selected, selectStep: st.selectStep, hover: st.hover, select: st.select,
    // The annotation view holds the thumbnails until the step's annotation is read (they would queue before it).
    draftPending: st.draftStatus === 'loading' || (st.draftStatus !== 'error' && st.draft?.path !== st.taskPath),
    overlays: st.overlays, toggleOverlay: st.toggleOverlay, boxFilter: st.boxFilter, setBoxFilter: st.setBoxFilter,
  })));

  const a = useAnnotateStage();
  if (!s.task) return <main className="episode-empty muted">Select a task on the left.</main>;
  const stepInfo = s.episode?.steps.find((x) => x.index === s.step);
  const url = s.screens.find((x) => x.step === s.step)?.url ?? null;
  const focusId = s.selected ?? s.hovered;

  return (
    <main className="episode" data-episode-state={s.status}>
      <header className="episode-head">
        <div className="episode-title">
          <h1>{s.task.description || s.episode?.instruction || s.task.path}</h1>
          <div className="episode-meta">
            <span className="mono">{s.task.episode}</span>
            <span>{s.task.app}</span>
            <span>{s.task.category}</span>
            <span className="mono">{s.task.path}</span>
            <span>{s.episode ? `${s.episode.steps.length} steps` : `${s.task.nsteps} steps`}</span>
          </div>
        </div>
      </header>
      {s.status === 'error' && <div className="error-box" role="alert">{s.error}</div>}
      {s.episode && s.episode.problems.length > 0 && <ProblemList problems={s.episode.problems} scope="in this episode" />}
      {s.episode && <Filmstrip steps={s.episode.steps} screens={s.screens} current={s.step} showAction={s.overlays.action} onSelect={s.selectStep}
        hold={annotate && (s.hierarchyStatus === 'loading' || s.draftPending)} />}
      {s.episode && (
        <div className="stage-row">
          <section className="stage" aria-label="Screen" data-step={s.step} {...(annotate ? { tabIndex: 0, onKeyDown: a.onKeyDown, 'data-focus-region': 'screen' } : {})}>
            <div className="stage-bar">
              <span>Step <b>{s.step}</b> of {s.episode.steps.length}</span>
              {stepInfo?.activity && !isEmptyValue(stepInfo.activity) && <span className="mono muted" title="Foreground activity">{stepInfo.activity}</span>}
              {stepInfo?.activity !== undefined && isEmptyValue(stepInfo.activity) && (
                <span className="muted no-activity" data-activity="none" title={`The step's activity file says "${stepInfo.activity.trim()}": the recorder could not read the foreground activity, so activity<0> cannot be checked on this step`}>no activity recorded</span>
              )}
              {annotate && <EntryStatus />}
              <span className="spacer" />
              <OverlayToggles overlays={s.overlays} toggle={s.toggleOverlay} />
              {annotate && (
                <select className="box-filter" aria-label="Boxes shown" value={s.boxFilter} onChange={(e) => s.setBoxFilter(e.target.value as BoxFilter)}>
                  {BOX_FILTERS.map((f) => <option key={f} value={f}>{BOX_FILTER_LABELS[f]}</option>)}
                </select>
              )}
              {annotate && <OcrToggle />}
              {annotate && <span className="zoom-slot" id="zoom-slot" />}
              <span className="muted hint-keys" title="Wheel zooms about the pointer; drag pans when zoomed; double-click fits">wheel zoom · dbl-click fit · ? keys</span>
              {s.hierarchy && <span className="muted">{s.hierarchy.components.length} components</span>}
            </div>
            {stepInfo?.ess !== undefined && (
              <div className={`ess-line${stepInfo.essError ? ' broken' : s.hierarchy?.ess ? ' compact' : ''}`} title={`Essential state of this step (.ess): ${stepInfo.ess}`}>
                <b>ESS</b> <span className="mono">{stepInfo.ess}</span>
                {stepInfo.essError && <span className="ess-error mono" role="alert">{stepInfo.essError}</span>}
              </div>
            )}
            {s.hierarchyStatus === 'error' && <div className="error-box" role="alert">{s.hierarchyError}</div>}
            <EpisodeScreen url={url} components={s.hierarchy?.components ?? []} screen={s.hierarchy?.screen}
              hovered={s.hovered} selected={s.selected} componentsLoading={s.hierarchyStatus === 'loading'}
              action={stepInfo?.action} ess={s.hierarchy?.ess} overlays={s.overlays}
              onHover={s.hover} onSelect={s.select} cycle={annotate} boxFilter={annotate ? s.boxFilter : 'all'}
              layers={annotate ? a.layers : undefined} onPickFirst={annotate ? pickOcrAt : undefined}
              labels={annotate ? a.labels : undefined} zoomRef={annotate ? a.zoomRef : undefined} onToggleMulti={annotate ? a.toggleMulti : undefined}
              controls={annotate ? (info) => a.controls(info, s.hierarchy?.screen ?? null) : undefined} />
          </section>
          {annotate && <PanelHandle panel="side" />}
          {annotate ? (
            <div className="annotate-side">
              <EssEditor />
              <PanelHandle panel="editor" />
              <ComponentInspector hierarchy={s.hierarchy} focusId={focusId} pinned={s.selected !== null} onPick={s.select} onHover={s.hover} searchable
                multi={a.multi} onToggleMulti={a.toggleMulti} tab={a.sideTab} onTab={a.setSideTab}
                tree={<HierarchyTree components={s.hierarchy?.components ?? []} selected={s.selected} hovered={s.hovered} multi={a.multi}
                  onPick={s.select} onHover={s.hover} onToggleMulti={a.toggleMulti} />} />
            </div>
          ) : <ComponentInspector hierarchy={s.hierarchy} focusId={focusId} pinned={s.selected !== null} onPick={s.select} onHover={s.hover} />}
        </div>
      )}
    </main>
  );
}

