/**
 * The logo editor's 700x300 area (000 §2.6): the image at its zoom and position, dimmed outside the
 * fixed 500x100 crop area. Drag with a pointer or use the arrow keys to pan (Shift: larger steps);
 * + and - (or the mouse wheel) zoom by 0.1.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  CROP,
  EDITOR,
  PAN_STEP,
  PAN_STEP_LARGE,
  panBy,
  zoomBy,
  type ImageSize,
  type LogoView,
} from '../lib/logo-geometry';
import classes from './LogoEditor.module.css';

type Image = CanvasImageSource & ImageSize;
type Props = { image: Image; view: LogoView; onChange: (view: LogoView) => void; describedBy: string };

const CHECK = 10;

function draw(canvas: HTMLCanvasElement, image: Image, view: LogoView) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== EDITOR.width * dpr) {
    canvas.width = EDITOR.width * dpr;
    canvas.height = EDITOR.height * dpr;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#5c636a';
  ctx.fillRect(0, 0, EDITOR.width, EDITOR.height);
  // A checkerboard behind the crop area shows what will be transparent in the logo.
  for (let y = 0; y < CROP.height; y += CHECK)
    for (let x = 0; x < CROP.width; x += CHECK) {
      ctx.fillStyle = (x / CHECK + y / CHECK) % 2 === 0 ? '#ffffff' : '#dee2e6';
      ctx.fillRect(CROP.x + x, CROP.y + y, CHECK, CHECK);
    }
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, view.x, view.y, image.width * view.zoom, image.height * view.zoom);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.6)';
  ctx.fillRect(0, 0, EDITOR.width, CROP.y);
  ctx.fillRect(0, CROP.y + CROP.height, EDITOR.width, EDITOR.height - CROP.y - CROP.height);
  ctx.fillRect(0, CROP.y, CROP.x, CROP.height);
  ctx.fillRect(CROP.x + CROP.width, CROP.y, EDITOR.width - CROP.x - CROP.width, CROP.height);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#000000';
  ctx.strokeRect(CROP.x - 1.5, CROP.y - 1.5, CROP.width + 3, CROP.height + 3);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.strokeRect(CROP.x - 1.5, CROP.y - 1.5, CROP.width + 3, CROP.height + 3);
}

const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function LogoCanvas({ image, view, onChange, describedBy }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; view: LogoView } | null>(null);
  const latest = useRef({ view, image, onChange });
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    latest.current = { view, image, onChange };
    if (canvasRef.current) draw(canvasRef.current, image, view);
  }, [image, view, onChange]);

  // The wheel listener must not be passive, so that zooming does not also scroll the page.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { view: v, image: img, onChange: change } = latest.current;
      change(zoomBy(v, img, e.deltaY < 0 ? 1 : -1));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const pan = PAN_KEYS[e.key];
    const step = e.shiftKey ? PAN_STEP_LARGE : PAN_STEP;
    if (pan) onChange(panBy(view, image, pan[0] * step, pan[1] * step));
    else if (e.key === '+' || e.key === '=') onChange(zoomBy(view, image, 1));
    else if (e.key === '-' || e.key === '_') onChange(zoomBy(view, image, -1));
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { x: e.clientX, y: e.clientY, view };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start) return;
    const scale = EDITOR.width / e.currentTarget.getBoundingClientRect().width;
    onChange(panBy(start.view, image, (e.clientX - start.x) * scale, (e.clientY - start.y) * scale));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  return (
    <canvas
      ref={canvasRef}
      className={`${classes.area} ${classes.canvas}`}
      data-dragging={dragging || undefined}
      data-testid="logo-canvas"
      data-zoom={view.zoom}
      data-x={Math.round(view.x)}
      data-y={Math.round(view.y)}
      tabIndex={0}
      role="application"
      aria-roledescription="logo crop editor"
      aria-label="Logo position and zoom"
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    />
  );
}
