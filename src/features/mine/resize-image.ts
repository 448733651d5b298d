import { AVATAR_MAX_BYTES, AVATAR_MAX_EDGE } from '@contract/validation';
import type { SourceRect } from './crop-geometry';

/** A reason the picture cannot be used, in Chinese for the user. */
export class ImageResizeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageResizeError';
  }
}

/**
 * The size an image of `width`×`height` is drawn at so that its longer edge is at most
 * `maxEdge`, keeping its proportions; smaller images keep their size (never enlarged).
 */
export function fitWithin(
  width: number,
  height: number,
  maxEdge: number = AVATAR_MAX_EDGE,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new ImageResizeError('图片无法读取，请换一张');
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  /** Frees what decoding held (an ImageBitmap, an object URL). */
  release?: () => void;
}

/** A 2D drawing surface: a real canvas in the browser, a stand-in in tests (jsdom has none). */
export interface DrawingSurface {
  width: number;
  height: number;
  getContext(type: '2d'): Pick<CanvasRenderingContext2D, 'fillStyle' | 'fillRect' | 'drawImage'> | null;
  toDataURL(type: string, quality?: number): string;
}

/** The browser parts resizing needs, injectable so the logic runs under jsdom. */
export interface ImageTools {
  decode: (file: File) => Promise<DecodedImage>;
  createSurface: () => DrawingSurface;
}

async function decodeWithImageElement(file: File): Promise<DecodedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

/** The real browser: createImageBitmap (EXIF orientation applied) where present, else an <img>. */
export const browserImageTools: ImageTools = {
  decode: async (file) => {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    }
    return decodeWithImageElement(file);
  },
  createSurface: () => document.createElement('canvas'),
};

export interface ResizedImage {
  dataUrl: string;
  width: number;
  height: number;
}

/**
 * Resizes a picked picture so its longer edge is at most `maxEdge` (docs/product.md §7: 512) and
 * re-encodes it as JPEG on a white background (transparent PNGs would turn black), ready for
 * updateHead. Rejects with an ImageResizeError whose message can be shown as is.
 */
export async function resizeImage(
  file: File,
  {
    maxEdge = AVATAR_MAX_EDGE,
    quality = 0.86,
    tools = browserImageTools,
  }: { maxEdge?: number; quality?: number; tools?: ImageTools } = {},
): Promise<ResizedImage> {
  const decoded = await decodeImage(file, tools);
  try {
    return encodeImage(decoded, { maxEdge, quality, tools });
  } finally {
    decoded.release?.();
  }
}

/** Decodes a picked file, or rejects with an ImageResizeError to show as is. */
export async function decodeImage(file: File, tools: ImageTools = browserImageTools): Promise<DecodedImage> {
  if (!file.type.startsWith('image/')) throw new ImageResizeError('请选择图片文件');
  try {
    return await tools.decode(file);
  } catch {
    throw new ImageResizeError('图片无法读取，请换一张');
  }
}

/**
 * Draws a decoded picture, or the square `crop` of it, at most `maxEdge` px on its longer edge,
 * as JPEG on white (transparent PNGs would turn black). Leaves releasing `decoded` to the caller.
 */
export function encodeImage(
  decoded: DecodedImage,
  {
    crop,
    maxEdge = AVATAR_MAX_EDGE,
    quality = 0.86,
    tools = browserImageTools,
  }: { crop?: SourceRect; maxEdge?: number; quality?: number; tools?: ImageTools } = {},
): ResizedImage {
  const { sx, sy, sw, sh } = crop
    ? { sx: crop.sx, sy: crop.sy, sw: crop.size, sh: crop.size }
    : { sx: 0, sy: 0, sw: decoded.width, sh: decoded.height };
  const { width, height } = fitWithin(sw, sh, maxEdge);
  const surface = tools.createSurface();
  surface.width = width;
  surface.height = height;
  const context = surface.getContext('2d');
  if (!context) throw new ImageResizeError('当前浏览器无法处理图片，请换个浏览器再试');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(decoded.source, sx, sy, sw, sh, 0, 0, width, height);
  const dataUrl = surface.toDataURL('image/jpeg', quality);
  if (!/^data:image\/(?:jpeg|png|webp);base64,/.test(dataUrl)) throw new ImageResizeError('图片处理失败，请换一张');
  if (dataUrlBytes(dataUrl) > AVATAR_MAX_BYTES) throw new ImageResizeError('图片过大，请换一张');
  return { dataUrl, width, height };
}
