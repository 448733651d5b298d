import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../../tests/render';

describe('legal documents', () => {
  it.each([
    ['/privacyPolicy', '隐私政策'],
    ['/portal/agreement/user/v2', '平台用户协议'],
  ])('%s sits in the layout’s main landmark, headed by the document’s title', async (path, title) => {
    renderScreen(path);
    // While the document loads, a hidden h1 of the same name stands in: wait for the text.
    await screen.findAllByRole('heading', { level: 2 });
    const heading = screen.getByRole('heading', { level: 1, name: title });
    expect(heading).toHaveClass('legal__title');
    // axe landmark-one-main / region: the text sits in <main>, as on every other screen.
    const main = screen.getByRole('main');
    expect(main).toContainElement(heading);
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
  });
});
