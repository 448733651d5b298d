import { Link } from 'react-router-dom';
import { safePath } from '@/lib/safe-path';
import type { IndexConfigEntry } from '@contract/types';

export interface BannerCarouselProps {
  banners: IndexConfigEntry['banners'];
}

/**
 * Banners as CSS compositions with Chinese copy (docs/product.md §11.6), in a native scroll-snap
 * strip: no carousel library on the first screen (decision 0003).
 */
export function BannerCarousel({ banners }: BannerCarouselProps) {
  return (
    <section className="banners" aria-label="活动推荐">
      {banners.map((banner) => (
        <Link key={banner.id} to={safePath(banner.link, '/index')} className={`banner banner--${banner.tone}`}>
          <span className="banner__title">{banner.title}</span>
          <span className="banner__subtitle">{banner.subtitle}</span>
          <span className="banner__cta">立即查看</span>
          <svg className="banner__art" viewBox="0 0 100 100" aria-hidden="true">
            <circle cx="70" cy="40" r="34" fill="rgba(255,255,255,0.16)" />
            <circle cx="88" cy="82" r="20" fill="rgba(255,255,255,0.12)" />
            <path d="M60 30h10v10h10v10H70v10H60V50H50V40h10z" fill="rgba(255,255,255,0.55)" />
          </svg>
        </Link>
      ))}
    </section>
  );
}
