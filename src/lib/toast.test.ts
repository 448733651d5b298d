import { screen } from '@testing-library/react';

// The real module: tests/setup.ts stubs showToast for every other file.
const { showToast } = await vi.importActual<typeof import('./toast')>('./toast');

describe('showToast', () => {
  it('really renders antd-mobile’s Toast under React 19 (unstableSetRender is set)', async () => {
    await showToast('网络异常，请稍后重试');
    expect(await screen.findByText('网络异常，请稍后重试')).toBeInTheDocument();
  });
});
