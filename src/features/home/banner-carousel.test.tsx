import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BannerCarousel, type BannerCarouselProps } from './banner-carousel';

/**
 * The banners come from indexConfig.json, which the company edits: a link is only ever a path
 * of this portal (a saved path or redirect never leaves the origin).
 */
function renderBanners(banners: BannerCarouselProps['banners']) {
  const router = createMemoryRouter([{ path: '*', element: <BannerCarousel banners={banners} /> }]);
  render(<RouterProvider router={router} />);
}

const banner = (id: string, link: string) => ({
  id,
  title: `活动${id}`,
  subtitle: '副标题',
  tone: 'blue' as const,
  link,
});

describe('BannerCarousel', () => {
  it('links a banner to its path in the portal, and one that would leave the origin to the home', () => {
    renderBanners([
      banner('1', '/servInform?code=physical_exam'),
      banner('2', 'https://evil.example/x'),
      banner('3', '//evil.example/x'),
      banner('4', '/..//evil.example/x'),
    ]);
    const link = (n: string) => screen.getByRole('link', { name: new RegExp(`活动${n}`) });
    expect(link('1')).toHaveAttribute('href', '/servInform?code=physical_exam');
    for (const n of ['2', '3', '4']) expect(link(n)).toHaveAttribute('href', '/index');
  });
});
