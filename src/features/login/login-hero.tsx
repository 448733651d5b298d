import type { ReactNode } from 'react';

export interface LoginHeroProps {
  /** Colour scheme of the art: the classic blue, the festive red, the new teal, the partner gold. */
  tone?: 'blue' | 'red' | 'teal' | 'gold';
  title: string;
  subtitle: string;
  /** A small badge above the title (e.g. the partner channel's name). */
  badge?: ReactNode;
}

const tones = {
  blue: ['#2f6bff', '#5b8cff'],
  red: ['#c81e26', '#f0573b'],
  teal: ['#0f9494', '#3cc4b4'],
  gold: ['#b7791f', '#e0a43a'],
} as const;

/** The branded top of the login screens: our own SVG art (no remote images) and the copy. */
export function LoginHero({ tone = 'blue', title, subtitle, badge }: LoginHeroProps) {
  const [from, to] = tones[tone];
  return (
    <header className="login-hero" style={{ background: `linear-gradient(160deg, ${from}, ${to})` }}>
      <svg className="login-hero__art" viewBox="0 0 200 120" aria-hidden="true">
        <circle cx="172" cy="34" r="22" fill="#fff" opacity="0.12" />
        <circle cx="30" cy="92" r="16" fill="#fff" opacity="0.12" />
        <rect x="62" y="14" width="76" height="92" rx="14" fill="#fff" opacity="0.95" />
        <path d="M100 36v32M84 52h32" stroke={from} strokeWidth="9" strokeLinecap="round" />
        <path
          d="M72 86h22l6-10 8 18 6-8h14"
          fill="none"
          stroke={to}
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M150 70c8-10 22-6 22 4 0 12-22 24-22 24s-22-12-22-24c0-10 14-14 22-4z" fill="#fff" opacity="0.9" />
      </svg>
      {badge && <span className="login-hero__badge">{badge}</span>}
      <h1 className="login-hero__title">{title}</h1>
      <p className="login-hero__subtitle">{subtitle}</p>
    </header>
  );
}
