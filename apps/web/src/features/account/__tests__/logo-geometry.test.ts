import { describe, expect, it } from 'vitest';
import { LOGO } from '@wayguard/contracts';
import { CROP, clampView, cropPlacement, initialView, panBy, zoomBy, zoomRange, zoomTo } from '../lib/logo-geometry';

const wide = { width: 1000, height: 100 };
const square = { width: 400, height: 400 };
const tiny = { width: 20, height: 10 };

describe('logo geometry', () => {
  it('puts the crop area in the middle of the editor', () => {
    expect(CROP).toEqual({ x: 100, y: 100, width: LOGO.cropWidth, height: LOGO.cropHeight });
  });

  it('zooms from the fit level up to 5', () => {
    expect(zoomRange(wide)).toEqual({ min: 0.5, max: 5 });
    expect(zoomRange(square)).toEqual({ min: 0.25, max: 5 });
    // an image that fits only above 5 cannot zoom at all
    expect(zoomRange(tiny)).toEqual({ min: 10, max: 10 });
  });

  it('starts at the fit level, centred in the crop area', () => {
    expect(initialView(wide)).toEqual({ zoom: 0.5, x: 100, y: 125 });
    expect(initialView(square)).toEqual({ zoom: 0.25, x: 300, y: 100 });
  });

  it('steps by 0.1 from the fit level and stops at the limits', () => {
    let v = initialView(square);
    v = zoomBy(v, square, 1);
    expect(v.zoom).toBeCloseTo(0.35);
    v = zoomBy(v, square, -5);
    expect(v.zoom).toBe(0.25);
    v = zoomTo(v, square, 99);
    expect(v.zoom).toBe(5);
    expect(zoomBy(v, square, 1).zoom).toBe(5);
  });

  it('zooms around the centre of the crop area', () => {
    const v = zoomTo(initialView(square), square, 1);
    // the image's centre stays at the crop area's centre (350, 150)
    expect(v.x + (square.width * v.zoom) / 2).toBeCloseTo(350);
    expect(v.y + (square.height * v.zoom) / 2).toBeCloseTo(150);
  });

  it('keeps a larger image over the crop area and a smaller one inside it', () => {
    const big = zoomTo(initialView(square), square, 2); // 800x800
    const far = panBy(big, square, 10_000, 10_000);
    expect(far.x).toBe(CROP.x);
    expect(far.y).toBe(CROP.y);
    const near = panBy(big, square, -10_000, -10_000);
    expect(near.x + 800).toBe(CROP.x + CROP.width);
    expect(near.y + 800).toBe(CROP.y + CROP.height);

    const small = initialView(square); // 100x100 inside 500x100
    expect(panBy(small, square, -10_000, 0).x).toBe(CROP.x);
    expect(panBy(small, square, 10_000, 0).x).toBe(CROP.x + CROP.width - 100);
    expect(panBy(small, square, 0, 50).y).toBe(CROP.y);
  });

  it('places the image on the output relative to the crop area', () => {
    const v = clampView({ zoom: 1, x: 50, y: 60 }, square);
    expect(cropPlacement(v, square)).toEqual({ x: v.x - 100, y: v.y - 100, width: 400, height: 400 });
  });
});
