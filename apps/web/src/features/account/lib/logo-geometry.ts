/**
 * The logo editor's geometry (000 §2.6, §9): a 700x300 editor area with a fixed 500x100 crop area in
 * its middle; the image is placed by its zoom (1 = one image pixel per editor pixel) and the editor
 * position of its top-left corner. Zoom runs from the fit level (the whole image inside the crop
 * area) up to 5 in steps of 0.1; the image can be panned, but never further than needed: an image
 * larger than the crop area keeps covering it, a smaller one stays inside it.
 */
import { LOGO } from '@wayguard/contracts';

export const EDITOR = { width: LOGO.editorWidth, height: LOGO.editorHeight } as const;
export const CROP = {
  x: (LOGO.editorWidth - LOGO.cropWidth) / 2,
  y: (LOGO.editorHeight - LOGO.cropHeight) / 2,
  width: LOGO.cropWidth,
  height: LOGO.cropHeight,
} as const;
export const ZOOM_STEP = LOGO.zoomStep;
/** Editor pixels moved by an arrow key, and with Shift. */
export const PAN_STEP = 10;
export const PAN_STEP_LARGE = 50;

export type ImageSize = { width: number; height: number };
export type LogoView = { zoom: number; x: number; y: number };

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** The zoom at which the whole image just fits the crop area. */
export function fitZoom(image: ImageSize): number {
  return Math.min(CROP.width / image.width, CROP.height / image.height);
}

export function zoomRange(image: ImageSize): { min: number; max: number } {
  const min = round(fitZoom(image));
  return { min, max: Math.max(min, LOGO.zoomMax) };
}

function clampAxis(position: number, size: number, cropStart: number, cropSize: number): number {
  const a = cropStart;
  const b = cropStart + cropSize - size;
  return clamp(position, Math.min(a, b), Math.max(a, b));
}

/** The view with its zoom in range and its position within the pan limits. */
export function clampView(view: LogoView, image: ImageSize): LogoView {
  const { min, max } = zoomRange(image);
  const zoom = round(clamp(view.zoom, min, max));
  return {
    zoom,
    x: clampAxis(view.x, image.width * zoom, CROP.x, CROP.width),
    y: clampAxis(view.y, image.height * zoom, CROP.y, CROP.height),
  };
}

/** The image at the fit level, centred in the crop area. */
export function initialView(image: ImageSize): LogoView {
  const zoom = zoomRange(image).min;
  return clampView(
    {
      zoom,
      x: CROP.x + (CROP.width - image.width * zoom) / 2,
      y: CROP.y + (CROP.height - image.height * zoom) / 2,
    },
    image,
  );
}

/** A new zoom, keeping the image point at the crop area's centre where it is. */
export function zoomTo(view: LogoView, image: ImageSize, zoom: number): LogoView {
  const next = clampView({ ...view, zoom }, image).zoom;
  const cx = CROP.x + CROP.width / 2;
  const cy = CROP.y + CROP.height / 2;
  const ratio = next / view.zoom;
  return clampView({ zoom: next, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio }, image);
}

/** One step of 0.1 in or out, from the fit level (so the steps line up with the slider's). */
export function zoomBy(view: LogoView, image: ImageSize, steps: number): LogoView {
  const { min } = zoomRange(image);
  const k = Math.round((view.zoom - min) / ZOOM_STEP) + steps;
  return zoomTo(view, image, min + k * ZOOM_STEP);
}

export function panBy(view: LogoView, image: ImageSize, dx: number, dy: number): LogoView {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, image);
}

/** Where the image goes on the 500x100 output canvas. */
export function cropPlacement(view: LogoView, image: ImageSize) {
  return {
    x: view.x - CROP.x,
    y: view.y - CROP.y,
    width: image.width * view.zoom,
    height: image.height * view.zoom,
  };
}
