import { env } from '@/config/env';

/**
 * /indexNew's teal header: the portal's name and the entry's tagline. The page draws it before
 * the app from this component too (build/first-paint/templates.tsx, decision 0057).
 */
export function HomeNewHeader({ tagline }: { tagline: string }) {
  return (
    <header className="home-new__header">
      <h1 className="home-new__brand">{env.appTitle}</h1>
      <p className="home-new__tagline">{tagline}</p>
    </header>
  );
}
