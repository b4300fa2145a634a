import type { ViewName } from '../../route/route';

const WHAT: Record<ViewName, string> = {
  dataset: 'the dataset window',
  annotate: 'annotating essential states',
  evaluate: 'evaluating and replaying agent traces',
  run: 'running agents on devices',
};

/** A view whose feature is not built yet: says so, and how to get back. */
export function PendingView({ view, onBack }: { view: ViewName; onBack(): void }) {
  return (
    <main className="open-view" data-pending-view={view}>
      <section className="open-card">
        <h1>Not here yet</h1>
        <p className="muted">The view for {WHAT[view]} is not part of this build.</p>
        <button className="btn" type="button" onClick={onBack}>Back to the dataset</button>
      </section>
    </main>
  );
}
