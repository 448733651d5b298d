import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { getNoticeCount } from '@/api/notices';
import { Code } from '@contract/codes';
import { endpoints } from '@contract/endpoints';
import { url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { PageState } from './page-state';

const heading = <h1>服务评价</h1>;

function headings() {
  return screen.queryAllByRole('heading', { level: 1 }).map((h) => h.textContent);
}

describe('PageState', () => {
  it('shows the placeholder heading in every state without data, and only the data’s own once it shows', () => {
    const data = <h1>洁牙服务</h1>;
    const { rerender } = render(
      <PageState loading heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);

    rerender(
      <PageState loading={false} error={new Error('offline')} heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);
    expect(screen.getByRole('alert')).toHaveTextContent('加载失败');

    rerender(
      <PageState loading={false} error={new ApiError(Code.businessError, '服务记录不存在')} heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);
    expect(screen.getByText('服务记录不存在')).toBeInTheDocument();

    rerender(
      <PageState loading={false} empty heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);

    rerender(
      <PageState loading={false} heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['洁牙服务']);
  });
});

describe('PageState error text', () => {
  /** What `getNoticeCount` rejects with when the server answers this way. */
  async function errorFrom(answer: () => Response) {
    server.use(http.get(url(endpoints.noticeCount), answer));
    return getNoticeCount().then(
      () => undefined,
      (caught: unknown) => caught,
    );
  }

  it.each([
    ['an envelope code 500', () => HttpResponse.json({ code: Code.serverError, desc: '服务繁忙', obj: null })],
    ['HTTP 500 with an envelope', () => HttpResponse.json({ code: 500, desc: '系统繁忙' }, { status: 500 })],
    ['HTTP 502 without one', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })],
    ['HTTP 503', () => new HttpResponse(null, { status: 503 })],
  ])('says the service is busy for %s, not the network', async (_, answer) => {
    const error = await errorFrom(answer);
    render(
      <PageState loading={false} error={error} heading={heading}>
        {null}
      </PageState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('服务繁忙，请稍后重试');
  });

  it('asks to check the network when no answer came', async () => {
    const error = await errorFrom(() => HttpResponse.error());
    render(
      <PageState loading={false} error={error} heading={heading}>
        {null}
      </PageState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('加载失败，请检查网络后重试');
  });
});
