import {
  dataUrlBytes,
  type DrawingSurface,
  fitWithin,
  ImageResizeError,
  type ImageTools,
  resizeImage,
} from './resize-image';

describe('fitWithin', () => {
  it('scales the longer edge down to 512, keeping proportions', () => {
    expect(fitWithin(2000, 1000)).toEqual({ width: 512, height: 256 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 171, height: 512 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 512, height: 384 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(512, 512)).toEqual({ width: 512, height: 512 });
  });

  it('refuses an image without size', () => {
    expect(() => fitWithin(0, 100)).toThrow(ImageResizeError);
  });
});

function fakeTools(width: number, height: number) {
  const drawn: { width: number; height: number }[] = [];
  const surface: DrawingSurface = {
    width: 0,
    height: 0,
    getContext: () =>
      ({
        fillStyle: '',
        fillRect: () => undefined,
        drawImage: (...args: number[]) => drawn.push({ width: args[7], height: args[8] }),
      }) as never,
    toDataURL(type: string) {
      return `data:${type};base64,${btoa(`${this.width}x${this.height}`)}`;
    },
  };
  const release = vi.fn();
  const tools: ImageTools = {
    decode: async () => ({ source: {} as CanvasImageSource, width, height, release }),
    createSurface: () => surface,
  };
  return { tools, drawn, release };
}

describe('resizeImage', () => {
  it('draws a large picture at ≤ 512 px and returns a JPEG data URL', async () => {
    const { tools, drawn, release } = fakeTools(2000, 1000);
    const result = await resizeImage(new File(['x'], 'a.png', { type: 'image/png' }), { tools });
    expect(result.width).toBe(512);
    expect(result.height).toBe(256);
    expect(drawn).toEqual([{ width: 512, height: 256 }]);
    expect(result.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(atob(result.dataUrl.split(',')[1])).toBe('512x256');
    expect(release).toHaveBeenCalled();
  });

  it('refuses a file that is not an image, in Chinese', async () => {
    const { tools } = fakeTools(10, 10);
    await expect(resizeImage(new File(['x'], 'a.txt', { type: 'text/plain' }), { tools })).rejects.toThrow(
      '请选择图片文件',
    );
  });

  it('says so when the picture cannot be decoded', async () => {
    const tools: ImageTools = {
      decode: () => Promise.reject(new Error('bad')),
      createSurface: () => ({}) as DrawingSurface,
    };
    await expect(resizeImage(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), { tools })).rejects.toThrow(
      '图片无法读取，请换一张',
    );
  });

  it('counts the bytes a data URL decodes to', () => {
    expect(dataUrlBytes(`data:image/png;base64,${btoa('hello')}`)).toBe(5);
  });
});
