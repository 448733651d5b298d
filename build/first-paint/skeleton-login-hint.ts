/**
 * The home's login hint as index.html's boot skeleton shows it to a guest (its critical CSS hides
 * it otherwise): the component's template (build/first-paint/templates.tsx), hidden from
 * assistive technology, in place of `<!--first-paint:login-hint-->`.
 */
export function skeletonLoginHint(template: string): string {
  return template.replace(
    /^<section class="login-hint" aria-label="[^"]*"/,
    '<section class="login-hint boot__hint" aria-hidden="true"',
  );
}
