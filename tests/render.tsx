import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { routeObjects } from '@/app/router';
import { installScrollMemory } from '@/app/scroll';
import { installTitles } from '@/app/title';
import { loggedIn } from '@/stores/user';
import { demoUser, mockToken, userInfoOf } from './mocks/db';

export interface RenderScreenOptions {
  /** Log in as this demo phone first (13800138000, 13900139000, 13700137000). */
  user?: string;
}

/** Logs a demo user in as the transfer page would: store + token cookie. */
export function logInAs(phone: string): void {
  const user = demoUser(phone);
  loggedIn({
    token: mockToken(phone),
    userInfo: userInfoOf(user),
    nickname: user.nickname,
    role: user.role,
    promoterId: user.promoterId,
    agentId: user.agentId,
    ucAgentUserId: user.ucAgentUserId,
    ucUserId: user.ucUserId,
  });
}

/**
 * Renders the whole app (route table, root layout, keep-alive, titles, scroll memory) at
 * `path` in a memory router, StrictMode on, as bulletproof's renderApp does.
 */
export function renderScreen(
  path: string,
  { user, routes = routeObjects }: RenderScreenOptions & { routes?: RouteObject[] } = {},
) {
  if (user) logInAs(user);
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  installTitles(router, routes);
  installScrollMemory(router);
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { ...view, router, user: userEvent.setup() };
}
