import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirm } from './dialog';

describe('confirm', () => {
  it('opens a dialog named by its title (antd-mobile gives role="dialog" no name of its own)', async () => {
    const answer = confirm({ title: '删除地址', content: '确定删除张建国的地址吗？', confirmText: '删除' });
    const dialog = await screen.findByRole('dialog', { name: '删除地址' });
    expect(dialog).toHaveTextContent('确定删除张建国的地址吗？');
    // The popup animates in with pointer-events off; jsdom never ends the animation.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('button', { name: '删除' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

// The portal's files share a module graph (decision 0069): a dialog's React root left mounted
// would go on animating into the next test's, or the next file's, renders.
describe('a dialog a test leaves open', () => {
  let host: (Element & { _reactRoot?: { _internalRoot: unknown } }) | undefined;

  it('is open at the end of its test', async () => {
    void confirm({ title: '留下', content: '测试结束时仍打开' });
    await screen.findByRole('dialog', { name: '留下' });
    host = [...document.body.children].find((element): element is NonNullable<typeof host> => '_reactRoot' in element);
    expect(host?._reactRoot?._internalRoot).toBeTruthy();
  });

  it('has its React root unmounted before the next test begins (tests/setup.ts)', () => {
    expect(host).toBeDefined();
    expect(host?._reactRoot?._internalRoot ?? null).toBeNull();
  });
});
