/**
 * The agreement's plain text (blank-line paragraphs) in a scrollable, keyboard-scrollable region.
 * Reports once the reader has scrolled to within the threshold of the end (000 §4.2).
 */
import { useCallback, useEffect, useRef } from 'react';
import { AGREEMENT_SCROLL_THRESHOLD_PX } from '@wayguard/contracts';
import { AgreementParagraphs } from './AgreementParagraphs';
import classes from './AgreementText.module.css';

type Props = { content: string; label: string; onReachedEnd: () => void };

export function AgreementText({ content, label, onReachedEnd }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const check = useCallback(() => {
    const el = ref.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight <= AGREEMENT_SCROLL_THRESHOLD_PX) onReachedEnd();
  }, [onReachedEnd]);

  // A text short enough to fit needs no scrolling at all.
  useEffect(() => {
    check();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [check, content]);

  return (
    <div
      ref={ref}
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label={label}
      onScroll={check}
      data-testid="agreement-text"
    >
      <AgreementParagraphs content={content} size="sm" />
    </div>
  );
}
