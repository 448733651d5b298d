/**
 * The avatar's square crop (docs/product.md §4.7 "pick, crop/resize, updateHead"). The picture is shown
 * in a square viewport `viewport` px wide, covering it at zoom 1 and centred; the customer
 * moves it by (x, y) px and zooms it. These pure functions keep the square inside the picture
 * and turn what the viewport shows into the source rectangle that is drawn and sent.
 */

export interface Size {
  width: number;
  height: number;
}

/** How the picture sits in the viewport: zoom ≥ 1 (1 = the shorter edge fills it), offset in viewport px. */
export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

/** A square of the source picture, in its own pixels. */
export interface SourceRect {
  sx: number;
  sy: number;
  size: number;
}

/** Closer than this the picture would be mostly blur. */
export const MAX_ZOOM = 4;

/** The start: zoom 1, centred. */
export const CENTRED: CropView = { zoom: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Viewport px per picture px at `zoom`. */
const pixelScale = (image: Size, zoom: number, viewport: number) =>
  (viewport / Math.min(image.width, image.height)) * zoom;

/** `view` with zoom within [1, MAX_ZOOM] and the offset limited so no edge of the picture enters the square. */
export function clampView(image: Size, view: CropView, viewport: number): CropView {
  const zoom = clamp(view.zoom, 1, MAX_ZOOM);
  const scale = pixelScale(image, zoom, viewport);
  const maxX = (image.width * scale - viewport) / 2;
  const maxY = (image.height * scale - viewport) / 2;
  // `+ 0` turns a -0 into 0.
  return { zoom, x: clamp(view.x, -maxX, maxX) + 0, y: clamp(view.y, -maxY, maxY) + 0 };
}

/** `view` zoomed to `zoom` about the viewport's centre (the point shown there stays), then clamped. */
export function zoomView(image: Size, view: CropView, zoom: number, viewport: number): CropView {
  const next = clamp(zoom, 1, MAX_ZOOM);
  const ratio = next / view.zoom;
  return clampView(image, { zoom: next, x: view.x * ratio, y: view.y * ratio }, viewport);
}

/** The square of the source picture the viewport shows for `view` (clamped first). */
export function cropSourceRect(image: Size, view: CropView, viewport: number): SourceRect {
  const { zoom, x, y } = clampView(image, view, viewport);
  const scale = pixelScale(image, zoom, viewport);
  const size = Math.min(image.width, image.height) / zoom;
  const sx = image.width / 2 - x / scale - size / 2;
  const sy = image.height / 2 - y / scale - size / 2;
  return { sx: clamp(sx, 0, image.width - size), sy: clamp(sy, 0, image.height - size), size };
}

/** Where the picture is drawn in the viewport for `view`: its box in viewport px. */
export function pictureBox(
  image: Size,
  view: CropView,
  viewport: number,
): { left: number; top: number; width: number; height: number } {
  const scale = pixelScale(image, view.zoom, viewport);
  const width = image.width * scale;
  const height = image.height * scale;
  return { left: (viewport - width) / 2 + view.x, top: (viewport - height) / 2 + view.y, width, height };
}
