/** The share page's illustration: a shield with a heart and a cross, our own SVG (docs/product.md §11.6). */
export function ShareArt() {
  return (
    <svg className="share__art" viewBox="0 0 240 160" aria-hidden="true">
      <circle cx="200" cy="30" r="22" fill="rgba(255,255,255,0.16)" />
      <circle cx="36" cy="128" r="30" fill="rgba(255,255,255,0.12)" />
      <path d="M120 18l58 20v40c0 38-26 62-58 74-32-12-58-36-58-74V38z" fill="rgba(255,255,255,0.95)" />
      <path d="M120 30l46 16v32c0 30-20 50-46 60-26-10-46-30-46-60V46z" fill="var(--share-accent-soft)" />
      <path
        d="M120 104c-18-12-28-22-28-34 0-8 6-14 14-14 6 0 10 3 14 8 4-5 8-8 14-8 8 0 14 6 14 14 0 12-10 22-28 34z"
        fill="var(--share-accent)"
      />
      <path d="M114 70h12M120 64v12" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M186 96l6 6 12-14"
        stroke="#fff"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
