import { CENTRED, clampView, cropSourceRect, MAX_ZOOM, pictureBox, zoomView } from './crop-geometry';

const photo = { width: 4000, height: 3000 };
const VIEWPORT = 300;

describe('cropSourceRect', () => {
  it('takes the centred square of the shorter edge at the start', () => {
    expect(cropSourceRect(photo, CENTRED, VIEWPORT)).toEqual({ sx: 500, sy: 0, size: 3000 });
    expect(cropSourceRect({ width: 800, height: 1200 }, CENTRED, VIEWPORT)).toEqual({ sx: 0, sy: 200, size: 800 });
  });

  it('follows the picture as it is moved: dragged right, the square moves left in the source', () => {
    // 0.1 viewport px per picture px: 30 px right is 300 picture px.
    expect(cropSourceRect(photo, { zoom: 1, x: 30, y: 0 }, VIEWPORT)).toEqual({ sx: 200, sy: 0, size: 3000 });
  });

  it('zoomed in, takes a smaller square around what the viewport shows', () => {
    expect(cropSourceRect(photo, { zoom: 2, x: -30, y: 20 }, VIEWPORT)).toEqual({ sx: 1400, sy: 650, size: 1500 });
  });

  it('keeps the square inside the picture, however far it is moved or zoomed', () => {
    expect(cropSourceRect(photo, { zoom: 1, x: 500, y: 500 }, VIEWPORT)).toEqual({ sx: 0, sy: 0, size: 3000 });
    expect(cropSourceRect(photo, { zoom: 1, x: -500, y: 0 }, VIEWPORT)).toEqual({ sx: 1000, sy: 0, size: 3000 });
    const far = cropSourceRect(photo, { zoom: 20, x: -9999, y: -9999 }, VIEWPORT);
    expect(far.size).toBe(3000 / MAX_ZOOM);
    expect(far.sx + far.size).toBeCloseTo(4000);
    expect(far.sy + far.size).toBeCloseTo(3000);
    expect(cropSourceRect(photo, { zoom: 0.2, x: 0, y: 0 }, VIEWPORT).size).toBe(3000);
  });
});

describe('clampView and zoomView', () => {
  it('limits the offset to where the picture still covers the viewport', () => {
    // At zoom 1 the picture is 400×300 px in a 300 px square: 50 px of play sideways, none up or down.
    expect(clampView(photo, { zoom: 1, x: 80, y: -40 }, VIEWPORT)).toEqual({ zoom: 1, x: 50, y: 0 });
  });

  it('zooms about the centre: the point in the middle stays in the middle', () => {
    const before = { zoom: 2, x: -30, y: 20 };
    const after = zoomView(photo, before, 3, VIEWPORT);
    const centreOf = (rect: { sx: number; sy: number; size: number }) => [
      rect.sx + rect.size / 2,
      rect.sy + rect.size / 2,
    ];
    const [bx, by] = centreOf(cropSourceRect(photo, before, VIEWPORT));
    const [ax, ay] = centreOf(cropSourceRect(photo, after, VIEWPORT));
    expect(ax).toBeCloseTo(bx);
    expect(ay).toBeCloseTo(by);
  });

  it('draws the picture so the viewport shows exactly the source rectangle', () => {
    const view = { zoom: 2, x: -30, y: 20 };
    const box = pictureBox(photo, view, VIEWPORT);
    const rect = cropSourceRect(photo, view, VIEWPORT);
    const scale = box.width / photo.width;
    expect(-box.left / scale).toBeCloseTo(rect.sx);
    expect(-box.top / scale).toBeCloseTo(rect.sy);
    expect(VIEWPORT / scale).toBeCloseTo(rect.size);
  });
});
