import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';

/**
 * Review mode for the current task: mark it reviewed, or return it with a
 * comment; the decision is kept in Touchstone's review file beside the
 * dataset, never in a LlamaTouch file.
 */
export function ReviewBar() {
  const s = useAppStore(useShallow((st) => ({ review: st.taskPath ? st.reviews?.[st.taskPath] : undefined, error: st.reviewError, set: st.setReview, loaded: st.reviews !== null })));
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  if (!s.loaded) return null;
  return (
    <section className="review-bar" aria-label="Review" data-review={s.review?.status ?? 'none'}>
      <span className={`review-status ${s.review?.status ?? 'none'}`}>
        {s.review ? (s.review.status === 'reviewed' ? 'Reviewed' : 'Returned') : 'Not reviewed'}
      </span>
      {s.review?.comment && <span className="review-comment" title={s.review.at}>“{s.review.comment}”</span>}
      <span className="spacer" />
      {!returning && (
        <>
          <button type="button" className="btn btn-small" onClick={() => void s.set('reviewed')} disabled={s.review?.status === 'reviewed'}>Mark reviewed</button>
          <button type="button" className="btn btn-small" onClick={() => setReturning(true)}>Return…</button>
          {s.review && <button type="button" className="btn btn-small" onClick={() => void s.set(null)}>Clear</button>}
        </>
      )}
      {returning && (
        <form className="review-form" onSubmit={(e) => {
          e.preventDefault();
          if (!comment.trim()) return;
          void s.set('returned', comment).then(() => { setReturning(false); setComment(''); });
        }}>
          <input type="text" aria-label="What to fix" placeholder="What to fix" value={comment} autoFocus onChange={(e) => setComment(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setReturning(false)} />
          <button type="submit" className="btn btn-small btn-primary" disabled={!comment.trim()}>Return</button>
          <button type="button" className="btn btn-small" onClick={() => setReturning(false)}>Cancel</button>
        </form>
      )}
      {s.error && <span className="topbar-error" role="alert">{s.error}</span>}
    </section>
  );
}
