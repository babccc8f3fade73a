/** The blur hint of 001 §2.4 and §9: 48 px of scroll threshold, more than 50 px of overflow. */
import { describe, expect, it } from 'vitest';
import { blurHints } from '../scroll-hint';

const box = (scrollHeight: number, scrollTop = 0) => blurHints({ scrollHeight, clientHeight: 200, scrollTop });

describe('blur hint', () => {
  it('needs more than 50 px of overflow', () => {
    expect(box(200)).toEqual({ scrollable: false, top: false, bottom: false });
    expect(box(250)).toEqual({ scrollable: true, top: false, bottom: false });
    expect(box(251)).toEqual({ scrollable: true, top: false, bottom: true });
  });
  it('blurs the bottom while more than 48 px remain below, the top from 48 px scrolled', () => {
    expect(box(400, 0)).toMatchObject({ top: false, bottom: true });
    expect(box(400, 47)).toMatchObject({ top: false, bottom: true });
    expect(box(400, 48)).toMatchObject({ top: true, bottom: true });
    expect(box(400, 152)).toMatchObject({ top: true, bottom: false });
    expect(box(400, 151)).toMatchObject({ bottom: true });
    expect(box(400, 200)).toMatchObject({ top: true, bottom: false });
  });
});
