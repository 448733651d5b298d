import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ServiceLink } from './service-link';

const service = { code: 'dental', name: '齿科保健', icon: 'dental', summary: '洁牙与口腔检查' };

function linkOf(props: Partial<Parameters<typeof ServiceLink>[0]> = {}) {
  render(
    <MemoryRouter>
      <ServiceLink service={service} indexCode="ebt" block="list" {...props} />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: /齿科保健/ });
}

describe('ServiceLink', () => {
  it("opens the service's screen in the product line, named by the service", () => {
    const link = linkOf();
    expect(link).toHaveAttribute('href', '/servInform?code=dental&indexCode=ebt');
    expect(link).toHaveClass('list__item');
    expect(link.querySelector('.service-icon')).not.toBeNull();
    expect(screen.getByText('齿科保健')).toHaveClass('list__name');
    expect(screen.queryByText('洁牙与口腔检查')).toBeNull();
  });

  it("opens the new theme's service screen, with the summary under the name in a list", () => {
    const link = linkOf({ theme: 'new', withSummary: true });
    expect(link).toHaveAttribute('href', '/servInform1?code=dental&indexCode=ebt');
    expect(link).toHaveTextContent('齿科保健洁牙与口腔检查');
    expect(screen.getByText('洁牙与口腔检查')).toHaveClass('list__summary');
    expect(screen.getByText('齿科保健').parentElement).toHaveClass('list__text');
  });
});
