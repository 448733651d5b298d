import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../../tests/render';

describe('legal documents', () => {
  it.each([
    ['/privacyPolicy', '隐私政策'],
    ['/portal/agreement/user/v2', '平台用户协议'],
  ])('%s is the page’s main landmark, headed by the document’s title', async (path, title) => {
    renderScreen(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    // axe landmark-one-main / region: the text sits in <main>, as on every other screen.
    const main = screen.getByRole('main');
    expect(main).toContainElement(heading);
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
  });
});
