import { routes } from '@/app/routes';
import { firstScreens, screenModule } from '../../build/first-paint/first-screens';

describe("the route table's first screens, as the build reads them (decision 0057)", () => {
  it('are the rows with firstPaint, each with its screen module and, but the home, its loaders’', () => {
    expect(firstScreens(routes)).toEqual([
      { path: '/index', modules: ['features/home/index-page.tsx'], css: 'inlined-css' },
      { path: '/indexNew', modules: ['features/home/index-new-page.tsx', 'app/route-data.ts'], css: 'own-css' },
      { path: '/mine', modules: ['features/mine/mine-page.tsx'], css: 'inlined-css' },
      { path: '/message', modules: ['features/messages/message-page.tsx', 'app/route-data.ts'], css: 'own-css' },
      { path: '/rights', modules: ['features/rights/rights-page.tsx', 'app/route-data.ts'], css: 'own-css' },
    ]);
  });

  it('refuses a screen that is not a lazy import of one module, naming the path', () => {
    const screen = () => Promise.resolve({ default: () => null });
    expect(() => screenModule({ path: '/odd', screen })).toThrow(/\/odd/);
  });
});
