import { Link } from 'react-router-dom';
import type { IndexConfigEntry } from '@contract/types';

export interface HomeNewBannerProps {
  banner: Pick<IndexConfigEntry['banners'][number], 'title' | 'subtitle' | 'tone'>;
  to: string;
}

/**
 * One banner of /indexNew. The page draws the first one before the app from this component too
 * (build/first-paint/templates.tsx, decision 0057).
 */
export function HomeNewBanner({ banner, to }: HomeNewBannerProps) {
  return (
    <Link to={to} className={`home-new__banner banner--${banner.tone}`}>
      <span className="home-new__banner-title">{banner.title}</span>
      <span className="home-new__banner-subtitle">{banner.subtitle}</span>
    </Link>
  );
}
