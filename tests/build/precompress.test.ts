import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressDir } from '../../build/vite-plugins/precompress';

describe('precompressDir (decision 0003)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, body: string | Buffer) => fs.writeFileSync(path.join(dir, file), body);
  const exists = (file: string) => fs.existsSync(path.join(dir, file));

  it('writes brotli and gzip copies that decode to the file, in every folder', async () => {
    // Real code, as the build writes it, and some Chinese text.
    const js =
      fs.readFileSync('node_modules/react/cjs/react.production.js', 'utf8') +
      `export const text = ${JSON.stringify('健康服务 '.repeat(300))};`;
    write('assets/index-abc.js', js);
    write('assets/style.css', `.a{color:red}\n`.repeat(200));
    fs.mkdirSync(path.join(dir, 'jsons'));
    write(
      'jsons/indexConfig.json',
      JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ i, name: '体检' })) }),
    );
    await precompressDir(dir);
    for (const file of ['assets/index-abc.js', 'assets/style.css', 'jsons/indexConfig.json']) {
      const body = fs.readFileSync(path.join(dir, file));
      const br = fs.readFileSync(path.join(dir, `${file}.br`));
      const gz = fs.readFileSync(path.join(dir, `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(body), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(body), file).toBe(true);
      expect(br.length, file).toBeLessThan(gz.length);
    }
    // Brotli at its best level: smaller than the gateway's on-the-fly quality 5.
    const onTheFly = zlib.brotliCompressSync(Buffer.from(js), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    expect(fs.statSync(path.join(dir, 'assets/index-abc.js.br')).size).toBeLessThanOrEqual(onTheFly.length);
  });

  it('leaves small files, index.html, images and incompressible data alone', async () => {
    write('assets/tiny.js', 'console.log(1)');
    write('index.html', '<!doctype html>' + '<p>健康</p>'.repeat(500));
    write('assets/logo.png', Buffer.alloc(4096, 7));
    write('assets/noise.json', randomBytes(4096));
    await precompressDir(dir);
    for (const file of ['assets/tiny.js', 'index.html', 'assets/logo.png', 'assets/noise.json']) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
  });
});
