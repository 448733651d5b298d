import { safePath } from './safe-path';

describe('safePath', () => {
  it.each(['/rights?tab=records', '/index?indexCode=ebt', '/my/info#address'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(safePath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '//evil.example/index',
    '/..//evil.example',
    '/.//evil.example/index',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    '',
    'index',
    undefined,
    42,
  ])('falls back for %s', (value) => {
    expect(safePath(value)).toBe('/index');
  });

  it('falls back for a backslash or a control character, which the URL parser would rewrite', () => {
    // new URL('/a\\b') reads '/a/b' and new URL('/a\u0001') reads '/a%01': neither is what was given.
    expect(safePath('/rights\\records', '/fallback')).toBe('/fallback');
    expect(safePath('/rights\u0001', '/fallback')).toBe('/fallback');
    expect(safePath('/rights\u001f', '/fallback')).toBe('/fallback');
  });

  it('falls back for a protocol-relative address even when it names this very host', () => {
    expect(safePath(`//${window.location.host}/rights`, '/fallback')).toBe('/fallback');
  });

  it('falls back when the page has no origin to resolve against', () => {
    vi.stubGlobal('window', { location: { origin: 'null' } });
    try {
      expect(safePath('/rights', '/fallback')).toBe('/fallback');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
