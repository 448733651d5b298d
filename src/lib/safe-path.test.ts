import { safePath } from './safe-path';

describe('safePath', () => {
  it.each(['/rights?tab=records', '/index?indexCode=ebt', '/my/info#address'])('keeps the same-origin path %s', (path) => {
    expect(safePath(path)).toBe(path);
  });

  it.each(['//evil.example', '//evil.example/index', '/..//evil.example', '/.//evil.example/index', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example', '', 'index', undefined, 42])(
    'falls back for %s',
    (value) => {
      expect(safePath(value)).toBe('/index');
    },
  );
});
