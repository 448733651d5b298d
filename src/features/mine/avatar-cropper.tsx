import { type PointerEvent, useRef, useState } from 'react';
import {
  CENTRED,
  clampView,
  cropSourceRect,
  type CropView,
  pictureBox,
  type Size,
  type SourceRect,
  zoomView,
} from './crop-geometry';

export interface AvatarCropperProps {
  /** The picked picture's size in its own pixels. */
  image: Size;
  /** What the preview shows: the picked file's object URL. */
  src?: string;
  onConfirm: (crop: SourceRect) => void;
  onCancel: () => void;
}

/** The viewport's edge when the browser gives no layout (jsdom); CSS sizes it otherwise. */
const FALLBACK_VIEWPORT = 300;

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The crop step of the avatar (docs/product.md §4.7): a full-screen layer with a square viewport and a
 * round guide. The picture starts centred, covering the square; one finger moves it, two pinch
 * it; 确定 hands over the source square the viewport shows, 取消 drops the picture.
 */
export function AvatarCropper({ image, src, onConfirm, onCancel }: AvatarCropperProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<CropView>(CENTRED);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ view: CropView; points: Point[] } | null>(null);

  const edge = () => viewportRef.current?.getBoundingClientRect().width || FALLBACK_VIEWPORT;

  // Each gesture starts over from where the fingers are now, so adding or lifting one never jumps.
  const restart = () => {
    gesture.current = { view, points: [...pointers.current.values()] };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    restart();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const { view: start, points } = gesture.current;
    const now = [...pointers.current.values()];
    const viewport = edge();
    if (points.length >= 2 && now.length >= 2) {
      const zoom = (start.zoom * distance(now[0], now[1])) / (distance(points[0], points[1]) || 1);
      setView(zoomView(image, start, zoom, viewport));
    } else if (points.length === 1) {
      setView(
        clampView(
          image,
          { ...start, x: start.x + now[0].x - points[0].x, y: start.y + now[0].y - points[0].y },
          viewport,
        ),
      );
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    restart();
  };

  const viewport = viewportRef.current ? edge() : FALLBACK_VIEWPORT;
  const box = pictureBox(image, view, viewport);
  const percent = (value: number) => `${(value / viewport) * 100}%`;

  return (
    <div className="avatar-cropper" role="dialog" aria-modal="true" aria-label="裁剪头像">
      <p className="avatar-cropper__hint">拖动、双指缩放，调整头像范围</p>
      <div
        ref={viewportRef}
        className="avatar-cropper__viewport"
        data-testid="crop-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {src && (
          <img
            className="avatar-cropper__picture"
            src={src}
            alt=""
            draggable={false}
            style={{
              left: percent(box.left),
              top: percent(box.top),
              width: percent(box.width),
              height: percent(box.height),
            }}
          />
        )}
        <span className="avatar-cropper__guide" aria-hidden="true" />
      </div>
      <div className="avatar-cropper__actions">
        <button type="button" className="app-button app-button--ghost" onClick={onCancel}>
          取消
        </button>
        <button
          type="button"
          className="app-button app-button--primary"
          onClick={() => onConfirm(cropSourceRect(image, view, viewport))}
        >
          确定
        </button>
      </div>
    </div>
  );
}
