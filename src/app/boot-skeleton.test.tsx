import { render } from '@testing-library/react';
import { LoginHintCard } from '@/features/home/login-hint-card';
import { builtPage } from '../../tests/first-paint';

/**
 * First screen (decision 0003): index.html's boot skeleton paints the home's login hint for visitors before any JS
 * runs (it is the first screen's largest text). The build writes it from the component's template
 * (decision 0057): it must say what React then renders.
 */
describe('index.html boot skeleton', () => {
  const boot = builtPage();

  it('shows the same login hint texts as the home', () => {
    const { container } = render(<LoginHintCard indexCode="index" />);
    for (const selector of ['.login-hint__title', '.login-hint__desc', '.login-hint__button']) {
      expect(boot.querySelector(`.boot__hint ${selector}`)?.textContent).toBe(
        container.querySelector(selector)?.textContent,
      );
    }
  });

  it('keeps the boot hint out of the accessibility tree and not focusable', () => {
    const hint = boot.querySelector('.boot__hint');
    expect(hint?.getAttribute('aria-hidden')).toBe('true');
    expect(hint?.querySelector('a[href], button:not([tabindex="-1"]), [tabindex="0"]')).toBeNull();
  });
});
