import { useState, type HTMLAttributes, type ReactNode } from 'react';
import type { StageState } from '../../canvas/ScreenStage';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';
import { EpisodeScreen, type EpisodeScreenProps } from './EpisodeScreen';
import { ComponentInspector } from '../inspector/ComponentInspector';
import { ProblemList } from '../../components/ProblemList';
import { Filmstrip } from './Filmstrip';
import { OverlayToggles } from './OverlayToggles';
import { isEmptyValue } from '../../../shared/evaluation/normalise';

/**
 * What the annotation view adds to the episode (built in features/annotate, so this folder never
 * imports it back): the screen's key handling, status and tools in the stage bar, the screen's
 * annotation layers, the side panel with the editor, and whether the filmstrip waits.
 */
export interface EpisodeAnnotation {
  stage: HTMLAttributes<HTMLElement> & { 'data-focus-region'?: string };
  status: ReactNode;
  tools: ReactNode;
  screen: Partial<Pick<EpisodeScreenProps, 'cycle' | 'boxFilter' | 'layers' | 'onPickFirst' | 'labels' | 'zoomRef' | 'onToggleMulti' | 'controls'>>;
  side: ReactNode;
  holdFilmstrip: boolean;
}

/**
 * The selected task: header, filmstrip of steps, the annotated screen and the
 * component inspector; in the annotation view (`annotate`) also the step's
 * essential-state editor, and clicks cycle through stacked components.
 */
export function EpisodeView({ annotation }: { annotation?: EpisodeAnnotation }) {
  const s = useAppStore(useShallow((st) => ({
    task: st.dataset?.tasks.find((t) => t.path === st.taskPath) ?? null,
    episode: st.episode, screens: st.screens, status: st.episodeStatus, error: st.episodeError,
    step: st.step, hierarchy: st.hierarchy, hierarchyStatus: st.hierarchyStatus, hierarchyError: st.hierarchyError,
    hovered: st.hovered, selected: st.selected, selectStep: st.selectStep, hover: st.hover, select: st.select,
    overlays: st.overlays, toggleOverlay: st.toggleOverlay,
  })));

  // Annotating, the other steps' thumbnails wait until this step's screen is drawn: decoding them
  // (a full screenshot each) would otherwise compete with it.
  const [screenState, setScreenState] = useState<StageState>('loading');

  if (!s.task) return <main className="episode-empty muted">Select a task on the left.</main>;
  const stepInfo = s.episode?.steps.find((x) => x.index === s.step);
  const url = s.screens.find((x) => x.step === s.step)?.url ?? null;
  const focusId = s.selected ?? s.hovered;
  // While another task's episode loads, the screen and the side panel stay mounted, empty: re-creating
  // the stage's canvases and the panels' elements cost more than drawing the new screen into them.
  const shell = !s.episode && s.status === 'loading';

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
        hold={annotation ? annotation.holdFilmstrip || screenState === 'loading' : false} />}
      {shell && <FilmstripPlaceholder />}
      {(s.episode || shell) && (
        <div className="stage-row">
          <section className="stage" aria-label="Screen" data-step={s.step} {...(annotation?.stage ?? {})}>
            <div className="stage-bar">
              <span>Step <b>{s.step}</b> of {s.episode?.steps.length ?? s.task.nsteps}</span>
              {stepInfo?.activity && !isEmptyValue(stepInfo.activity) && <span className="mono muted" title="Foreground activity">{stepInfo.activity}</span>}
              {stepInfo?.activity !== undefined && isEmptyValue(stepInfo.activity) && (
                <span className="muted no-activity" data-activity="none" title={`The step's activity file says "${stepInfo.activity.trim()}": the recorder could not read the foreground activity, so activity<0> cannot be checked on this step`}>no activity recorded</span>
              )}
              {annotation?.status}
              <span className="spacer" />
              <OverlayToggles overlays={s.overlays} toggle={s.toggleOverlay} />
              {annotation?.tools}
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
              hovered={s.hovered} selected={s.selected} componentsLoading={s.hierarchyStatus === 'loading' || shell}
              action={stepInfo?.action} ess={s.hierarchy?.ess} overlays={s.overlays}
              onHover={s.hover} onSelect={s.select} cycle={false} boxFilter="all" onStageState={setScreenState} {...(annotation?.screen ?? {})} />
          </section>
          {annotation ? annotation.side
            : <ComponentInspector hierarchy={s.hierarchy} focusId={focusId} pinned={s.selected !== null} onPick={s.select} onHover={s.hover} />}
        </div>
      )}
    </main>
  );
}

/**
 * An empty filmstrip of the real one's height while the episode loads, so the screen below keeps its
 * size: a stage that changes size re-allocates every canvas and places the badges again.
 */
function FilmstripPlaceholder() {
  return (
    <ol className="filmstrip" aria-hidden data-step-count={0}>
      <li style={{ visibility: 'hidden' }}>
        <button className="frame" type="button" tabIndex={-1} disabled>
          <div className="frame-img" />
          <div className="frame-caption"><span className="frame-no">0</span></div>
        </button>
      </li>
    </ol>
  );
}
