import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { endpoints } from '@contract/endpoints';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { openRecord, recordFailureCases } from '../../../tests/record-screen';

describe('status screens', () => {
  it('hands over to the screen of the record’s real state (an old /statusOne link to a confirmed record)', async () => {
    const { router } = openRecord('/statusOne?consumeId=1');
    expect(await screen.findByRole('heading', { name: '核销成功' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/statusTwo');
    expect(router.state.location.search).toBe('?consumeId=1');
  });

  it('/statusTwo shows the service, provider and time, and offers 去评价', async () => {
    const { router, user } = openRecord('/statusTwo?consumeId=6');
    expect(await screen.findByRole('heading', { name: '核销成功' })).toBeInTheDocument();
    expect(screen.getByText('悦齿口腔门诊连锁有限公司')).toBeInTheDocument();
    expect(screen.getByText('2026-08-02 10:33:40')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '去评价' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/evaluate'));
    expect(router.state.location.search).toBe('?consumeId=6');
    await screen.findByRole('radiogroup', { name: '服务评分' });
  });

  it('/statusTwo shown again by back after the evaluation offers 查看评价, not 去评价', async () => {
    const { router, user } = openRecord('/statusTwo?consumeId=6');
    await user.click(await screen.findByRole('button', { name: '去评价' }));
    await user.click(await screen.findByRole('radio', { name: '4星' }));
    await user.click(screen.getByRole('button', { name: '提交评价' }));
    await screen.findByText('感谢您的评价！您的反馈将帮助我们改进服务。');
    await router.navigate(-1);
    expect(await screen.findByRole('button', { name: '查看评价' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '去评价' })).not.toBeInTheDocument();
  });

  it('/statusThree says a failed write-off failed and offers to retry', async () => {
    openRecord('/statusThree?consumeId=7&rightId=4');
    expect(await screen.findByRole('heading', { name: '核销失败' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新获取' })).toBeInTheDocument();
    expect(screen.getByText('服务').nextElementSibling).toHaveTextContent('就医绿通');
    expect(screen.getByText('获取时间').nextElementSibling).toHaveTextContent(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(document.title).toBe('核销失败 - 健康服务平台');
  });

  it('/statusOne opened directly sends 继续等待 to the code of the right', async () => {
    const { router, user } = openRecord('/statusOne?consumeId=7&rightId=4');
    await user.click(await screen.findByRole('button', { name: '继续等待' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servWriteOff'));
    await screen.findByLabelText(/^核销码 \d{12}$/);
  });

  it('shows an empty view without a record id', async () => {
    openRecord('/statusTwo');
    expect(await screen.findByText('没有找到这次核销的记录')).toBeInTheDocument();
    // The page's one h1 (visually hidden) does not claim 核销成功 for a record it has not got.
    expect(screen.getByRole('heading', { level: 1, name: '核销结果' })).toBeInTheDocument();
  });

  it('says the service is busy, with a retry, on a server fault (500)', async () => {
    server.use(
      http.get(
        url(endpoints.consumeDetail),
        () => HttpResponse.json({ code: 500, desc: '服务繁忙，请稍后重试', obj: null }),
        { once: true },
      ),
    );
    const { user } = openRecord('/statusTwo?consumeId=6');
    expect(await screen.findByText('服务繁忙，请稍后重试')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '核销成功' })).toBeInTheDocument();
  });

  recordFailureCases('/statusTwo?consumeId=6', async () => {
    expect(await screen.findByRole('heading', { name: '核销成功' })).toBeInTheDocument();
    // Once the record shows, its status is the one h1; the hidden 核销结果 has gone.
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['核销成功']);
  });
});
