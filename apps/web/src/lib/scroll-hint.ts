/**
 * The blur hint of long scrolled content (001 §2.4 'A blur hint appears at a scroll threshold of 48 px
 * (another part gives 50 px of overflow)'; §9 'Scroll blur threshold 48 px (or more than 50 px of
 * overflow)'; docs/decisions/requests.md "Requests: impact preview and keyboard triage"): a box whose content
 * overflows by more than 50 px blurs its bottom edge while more than 48 px remain below, and its top
 * edge once scrolled down 48 px or more. Pure: components/ScrollBlurHint.tsx measures and draws.
 */
export const SCROLL_BLUR_THRESHOLD_PX = 48;
export const SCROLL_BLUR_OVERFLOW_PX = 50;

export type ScrollBox = { scrollHeight: number; clientHeight: number; scrollTop: number };
export type BlurHints = { scrollable: boolean; top: boolean; bottom: boolean };

export function blurHints(box: ScrollBox): BlurHints {
  const overflow = box.scrollHeight - box.clientHeight;
  const hinted = overflow > SCROLL_BLUR_OVERFLOW_PX;
  return {
    scrollable: overflow > 0,
    top: hinted && box.scrollTop >= SCROLL_BLUR_THRESHOLD_PX,
    bottom: hinted && overflow - box.scrollTop > SCROLL_BLUR_THRESHOLD_PX,
  };
}

export const sameHints = (a: BlurHints, b: BlurHints) =>
  a.scrollable === b.scrollable && a.top === b.top && a.bottom === b.bottom;
