import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirm } from './dialog';

// An own module graph (vitest.config.ts): antd-mobile's imperative dialog renders in a React root
// of its own, which outlives the test's cleanup and, in a shared graph, would animate and update
// during the next file's tests.

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
