/**
 * Long content in a box of at most `maxHeight` that scrolls, with the blur hint of 001 §2.4 and §9
 * (lib/scroll-hint.ts: edges blurred while content lies beyond them). When it scrolls, the box is a
 * named, focusable region, so keyboard users can scroll it too (WCAG 2.1.1). Measured on scroll and
 * whenever the box or its content changes size.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { blurHints, sameHints, type BlurHints } from '../lib/scroll-hint';
import classes from './ScrollBlurHint.module.css';

type Props = {
  /** Names the region when it scrolls. */
  label: string;
  maxHeight: number;
  children: ReactNode;
};

const NONE: BlurHints = { scrollable: false, top: false, bottom: false };

export function ScrollBlurHint({ label, maxHeight, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [hints, setHints] = useState<BlurHints>(NONE);
  const measure = () => {
    const el = ref.current;
    if (!el) return;
    const next = blurHints(el);
    setHints((h) => (sameHints(h, next) ? h : next));
  };
  const measureRef = useRef(measure);
  useEffect(() => {
    measureRef.current = measure;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measureRef.current());
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={classes.wrap} data-blur-top={hints.top} data-blur-bottom={hints.bottom}>
      <div
        ref={ref}
        className={classes.scroll}
        style={{ maxHeight }}
        onScroll={measure}
        tabIndex={hints.scrollable ? 0 : undefined}
        role={hints.scrollable ? 'region' : undefined}
        aria-label={hints.scrollable ? label : undefined}
      >
        <div>{children}</div>
      </div>
      {hints.top && <div className={`${classes.edge} ${classes.top}`} aria-hidden="true" data-testid="blur-top" />}
      {hints.bottom && (
        <div className={`${classes.edge} ${classes.bottom}`} aria-hidden="true" data-testid="blur-bottom" />
      )}
    </div>
  );
}
