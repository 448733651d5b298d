import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { showToast } from '@/lib/toast';
import { endpoints } from '@contract/endpoints';
import { db } from '../../../tests/mocks/db';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { openRecord, recordFailureCases, requestsTo } from '../../../tests/record-screen';

const submit = () => screen.getByRole('button', { name: '提交评价' });

describe('/evaluate', () => {
  it('refuses to send without a star: 请选择评分', async () => {
    const calls = requestsTo(endpoints.evaluate);
    const { user } = openRecord('/evaluate?consumeId=6');
    await screen.findByRole('radiogroup', { name: '服务评分' });
    await user.type(screen.getByLabelText('评价内容（选填）'), '洁牙很仔细');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('请选择评分');
    expect(screen.getByLabelText('评价内容（选填）')).toHaveValue('洁牙很仔细');
    expect(calls).toHaveLength(0);
  });

  it('counts characters live and refuses 201 without losing the text', async () => {
    const calls = requestsTo(endpoints.evaluate);
    const { user } = openRecord('/evaluate?consumeId=6');
    await user.click(await screen.findByRole('radio', { name: '5星' }));
    const box = screen.getByLabelText('评价内容（选填）');
    await user.type(box, '好');
    expect(screen.getByText('1/200')).toBeInTheDocument();
    const long = '很'.repeat(201);
    fireEvent.change(box, { target: { value: long } });
    expect(screen.getByText('201/200')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('评价内容不能超过200个字');
    await user.click(submit());
    expect(calls).toHaveLength(0);
    expect(box).toHaveValue(long);
  });

  it('sends once on a double tap, then thanks and shows the evaluation read-only', async () => {
    const calls = requestsTo(endpoints.evaluate);
    const { user } = openRecord('/evaluate?consumeId=6');
    await user.click(await screen.findByRole('radio', { name: '4星' }));
    await user.click(screen.getByRole('button', { name: '服务专业' }));
    await user.type(screen.getByLabelText('评价内容（选填）'), '医生很耐心');
    const button = submit();
    // Two taps inside one act(): the second lands before React re-renders (a real double tap).
    // eslint-disable-next-line testing-library/no-unnecessary-act
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(await screen.findByText('感谢您的评价！您的反馈将帮助我们改进服务。')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    const mine = screen.getByRole('region', { name: '我的评价' });
    expect(within(mine).getByRole('img', { name: '评分 4 星' })).toBeInTheDocument();
    expect(within(mine).getByText('服务专业')).toBeInTheDocument();
    expect(within(mine).getByText('医生很耐心')).toBeInTheDocument();
    const row = db.consumptions.find((c) => c.id === 6)!;
    expect(row).toMatchObject({ evaluateStatus: 1, score: 4, content: '医生很耐心', tags: ['服务专业'] });
  });

  it('locks the button while sending', async () => {
    let release!: () => void;
    server.use(
      http.post(
        url(endpoints.evaluate),
        () =>
          new Promise<Response>(
            (resolve) => (release = () => resolve(HttpResponse.json({ code: 200, desc: '', obj: null }))),
          ),
      ),
    );
    const { user } = openRecord('/evaluate?consumeId=6');
    await user.click(await screen.findByRole('radio', { name: '5星' }));
    await user.click(submit());
    expect(await screen.findByRole('button', { name: '提交中…' })).toBeDisabled();
    act(() => release());
    await screen.findByText('感谢您的评价！您的反馈将帮助我们改进服务。');
  });

  it('shows an evaluated record read-only', async () => {
    openRecord('/evaluate?consumeId=1');
    const mine = await screen.findByRole('region', { name: '我的评价' });
    expect(within(mine).getByRole('img', { name: '评分 5 星' })).toBeInTheDocument();
    expect(within(mine).getByText('回复及时')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交评价' })).not.toBeInTheDocument();
  });

  it('on 10001 (already evaluated elsewhere) the client toasts and the page turns read-only', async () => {
    const { user } = openRecord('/evaluate?consumeId=6');
    await user.click(await screen.findByRole('radio', { name: '3星' }));
    Object.assign(
      db.consumptions.find((c) => c.id === 6)!,
      { evaluateStatus: 1, score: 5, content: '另一台手机上的评价', tags: [] },
    );
    await user.click(submit());
    expect(await screen.findByText('另一台手机上的评价')).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith('该服务已评价', 2000);
  });

  it('resets the form when consumeId changes (kept screen)', async () => {
    const { router, user } = openRecord('/evaluate?consumeId=6');
    await user.click(await screen.findByRole('radio', { name: '2星' }));
    await act(() => router.navigate('/evaluate?consumeId=5'));
    await screen.findByText('心语心理健康服务中心');
    expect(screen.getByRole('radio', { name: '2星' })).not.toBeChecked();
  });

  it('explains that a failed write-off cannot be evaluated', async () => {
    openRecord('/evaluate?consumeId=7');
    expect(await screen.findByText('该服务尚未核销成功，核销成功后才能评价')).toBeInTheDocument();
  });

  it('shows an empty view without a record id', async () => {
    openRecord('/evaluate');
    expect(await screen.findByText('没有找到要评价的服务记录')).toBeInTheDocument();
  });

  recordFailureCases('/evaluate?consumeId=6', async () =>
    expect(await screen.findByRole('radiogroup', { name: '服务评分' })).toBeInTheDocument(),
  );
});
