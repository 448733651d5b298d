import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useThemeStore } from '@/stores/theme';
import { endpoints } from '@contract/endpoints';
import type { LoginResult } from '@contract/types';
import { returnedLink } from '../../../tests/login-state';
import { demoUser, mockToken, userInfoOf } from '../../../tests/mocks/db';
import { ok, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

const CUSTOMER = '13800138000';

/** ckNew answering for the demo customer with `theme` (or none). */
function ckNewReturns(theme: LoginResult['theme']) {
  server.use(
    http.get(url(endpoints.loginCkNew), () => {
      const user = demoUser(CUSTOMER);
      return ok<LoginResult>({
        token: mockToken(CUSTOMER),
        userInfo: userInfoOf(user),
        nickname: user.nickname,
        role: user.role,
        ucUserId: user.ucUserId,
        ...(theme ? { theme } : {}),
      });
    }),
  );
}

const barOneIcons = () =>
  within(screen.getByRole('navigation', { name: '底部导航' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('svg'));

type Router = ReturnType<typeof renderScreen>['router'];

async function visit(router: Router, path: string, shows: string) {
  await act(() => router.navigate(path));
  expect(await screen.findByText(shows)).toBeInTheDocument();
}

describe('the session theme (docs/product.md §2.7: ckNew’s theme, else the indexCode’s, else standard_blue)', () => {
  it('keeps ckNew’s theme when both homes are opened afterwards', async () => {
    ckNewReturns('year_red');
    const { router } = renderScreen(returnedLink('/transferPage1?ticket=mock-ticket-13800138000&data=index'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/indexNew'));
    expect(await screen.findByText('10分钟，了解自己的健康风险')).toBeInTheDocument();

    // /index?indexCode=index is standard_blue's, /indexNew the indexNew entry's: neither replaces it.
    await visit(router, '/index?indexCode=index', '年度体检，预约即享');
    await visit(router, '/indexNew?indexCode=index', '10分钟，了解自己的健康风险');
    await visit(router, '/index?indexCode=index', '年度体检，预约即享');
    await waitFor(() => barOneIcons().forEach((svg) => expect(svg).toHaveAttribute('data-theme', 'year_red')));
    expect(useThemeStore.getState().theme).toBe('year_red');
    expect(document.documentElement.dataset.theme).toBe('year_red');
  });

  it('follows the indexCode when ckNew returned no theme', async () => {
    ckNewReturns(undefined);
    const { router } = renderScreen(returnedLink('/transferPage1?ticket=mock-ticket-13800138000&data=ebt'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/indexNew'));
    await visit(router, '/index?indexCode=ebt', '就医绿通，专家号不再难约');
    await waitFor(() => barOneIcons().forEach((svg) => expect(svg).toHaveAttribute('data-theme', 'year_red')));
    await visit(router, '/index?indexCode=index', '年度体检，预约即享');
    await waitFor(() => barOneIcons().forEach((svg) => expect(svg).toHaveAttribute('data-theme', 'standard_blue')));
  });
});
