/**
 * Our own service icons (docs/product.md §11.6: no remote images). Keys are the `icon` values of
 * serviceCatalog.json. Each is a glyph on a tinted rounded square.
 */
const glyphs: Record<string, { tint: string; color: string; path: string }> = {
  consult: {
    tint: '#e8f1ff',
    color: '#2f6bff',
    path: 'M10 12h20a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H19l-6 5v-5h-3a3 3 0 0 1-3-3V15a3 3 0 0 1 3-3zM14 20h12',
  },
  checkup: { tint: '#e7f8f1', color: '#12a36b', path: 'M14 9h12v4H14zM11 11h3M26 11h3v22H11V11M15 21l4 4 7-8' },
  dental: {
    tint: '#eef4ff',
    color: '#4a74d9',
    path: 'M13 10c3-2 5 0 7 0s4-2 7 0c3 3 1 9 0 12-1 4-1 10-3 10s-2-7-4-7-2 7-4 7-2-6-3-10c-1-3-3-9 0-12z',
  },
  green: { tint: '#e6f7f5', color: '#0f9a8a', path: 'M20 8v24M8 20h24M12 12l16 16M28 12 12 28' },
  chronic: { tint: '#fff3e6', color: '#e07a12', path: 'M7 22h7l3-7 5 13 3-8h8' },
  mind: {
    tint: '#f3ecff',
    color: '#7a4fd6',
    path: 'M20 31s-11-6-11-14a6 6 0 0 1 11-3 6 6 0 0 1 11 3c0 8-11 14-11 14z',
  },
  report: { tint: '#ebf4ff', color: '#2d7fd3', path: 'M12 8h12l5 5v19H12zM24 8v5h5M16 19h9M16 24h9M16 29h5' },
  expert: {
    tint: '#fff1ec',
    color: '#e0562b',
    path: 'M20 9a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM10 32c1-6 5-9 10-9s9 3 10 9M20 23v5',
  },
  drug: { tint: '#e9f8ee', color: '#1f9d55', path: 'M12 26 24 14a5 5 0 0 1 7 7L19 33a5 5 0 0 1-7-7zM18 20l7 7' },
  assess: { tint: '#e8f5ff', color: '#1784c7', path: 'M9 31h22M12 31V20M18 31V13M24 31v-8M30 31V16' },
  tcm: { tint: '#f7f1e6', color: '#a06a22', path: 'M20 8c6 5 8 10 8 14a8 8 0 0 1-16 0c0-4 2-9 8-14zM20 16v16' },
  eye: {
    tint: '#e9f3ff',
    color: '#3b6fd0',
    path: 'M6 20s5-8 14-8 14 8 14 8-5 8-14 8S6 20 6 20zM20 16a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  },
  vaccine: {
    tint: '#eaf7f7',
    color: '#1a9c9c',
    path: 'M27 8l5 5M29.5 10.5 14 26l-4-4L25.5 6.5M12 24l-4 8 8-4M19 17l4 4',
  },
  escort: {
    tint: '#fff4e8',
    color: '#d9822b',
    path: 'M14 10a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM26 12a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM7 32c0-6 3-10 7-10s7 4 7 10M21 32c0-5 2-8 5-8s6 3 6 8',
  },
  gene: {
    tint: '#f1edff',
    color: '#6a4fd1',
    path: 'M14 8c0 8 12 8 12 16s-12 8-12 16M26 8c0 8-12 8-12 16M16 13h8M16 27h8',
  },
  nurse: {
    tint: '#ffeef0',
    color: '#d63a4f',
    path: 'M10 16c0-4 4-7 10-7s10 3 10 7v2H10zM18 12h4M20 10v4M12 18v6a8 8 0 0 0 16 0v-6',
  },
  rehab: {
    tint: '#eaf6ec',
    color: '#2e9b4a',
    path: 'M22 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM14 33l4-9 5 3v6M18 24l2-7 6 4 4-1M12 20l6-3',
  },
  nutrition: {
    tint: '#f3f8e6',
    color: '#6f9a12',
    path: 'M20 14c-6-4-12 0-11 7 1 8 6 12 11 10 5 2 10-2 11-10 1-7-5-11-11-7zM20 14c0-3 2-5 5-6',
  },
};

export interface ServiceIconProps {
  icon: string;
  /** Size in px at the 375-wide design (converted to rem). */
  size?: number;
}

export function ServiceIcon({ icon, size = 44 }: ServiceIconProps) {
  const glyph = glyphs[icon] ?? glyphs.consult;
  const rem = `${size / 37.5}rem`;
  return (
    <svg className="service-icon" viewBox="0 0 40 40" width={rem} height={rem} aria-hidden="true">
      <rect width="40" height="40" rx="12" fill={glyph.tint} />
      <path
        d={glyph.path}
        fill="none"
        stroke={glyph.color}
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
