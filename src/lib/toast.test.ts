import { screen } from '@testing-library/react';
import { showToast } from './toast';

describe('showToast', () => {
  it('really renders antd-mobile’s Toast under React 19 (unstableSetRender is set)', async () => {
    await showToast('网络异常，请稍后重试');
    expect(await screen.findByText('网络异常，请稍后重试')).toBeInTheDocument();
  });
});
