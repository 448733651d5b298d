import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { endpoints } from '@contract/endpoints';
import { ok, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

describe('/index/servMore', () => {
  it('lists the sections of getMore with their services', async () => {
    renderScreen('/index/servMore?indexCode=index');
    expect(await screen.findByRole('region', { name: '问诊咨询' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '心理健康' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /齿科保健/ })).toHaveAttribute(
      'href',
      '/servInform?code=dental_care&indexCode=index',
    );
    expect(document.title).toBe('更多服务 - 健康服务平台');
  });

  it('shows the empty view when there is nothing more', async () => {
    server.use(http.get(url(endpoints.portalGetMore), () => ok({ sections: [] })));
    renderScreen('/index/servMore');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows a retry view on a 500 envelope', async () => {
    server.use(
      http.get(url(endpoints.portalGetMore), () =>
        HttpResponse.json({ code: 500, desc: '服务繁忙，请稍后重试', obj: null }),
      ),
    );
    renderScreen('/index/servMore');
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
