/**
 * `value` as JSON to write into an inline <script>: `<` as `\u003c`, so that no text can close the
 * script or open an HTML comment in it (`</script>`, `<!--`), and U+2028 and U+2029 escaped, which
 * are line breaks to a script engine before ES2019 (an older WebView) and to a line-wise tool.
 * The caller writes it in with a replacement function, so `$'` or `$&` stay text.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
