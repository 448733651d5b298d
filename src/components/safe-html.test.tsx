// @vitest-environment jsdom
// jsdom: the sanitizer is checked on a standard HTML parser; happy-dom's drops the <p> (decision 0066).
import { fireEvent, render, screen } from '@testing-library/react';
import { loadSanitizer, SafeHtml, safeLinkTarget } from './safe-html';

describe('safe links', () => {
  it.each([
    ['javascript:alert(1)', null],
    [' JAVASCRIPT:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example/x', null],
    ['/..//evil.example/x', null],
    ['/\\evil.example', null],
    ['vbscript:msgbox', null],
    ['/rights?tab=records', { href: '/rights?tab=records', external: false }],
    ['https://www.example.com/a', { href: 'https://www.example.com/a', external: true }],
    [`${window.location.origin}/message`, { href: '/message', external: false }],
  ])('%s → %o', (href, expected) => {
    expect(safeLinkTarget(href)).toEqual(expected);
  });
});

describe('SafeHtml', () => {
  it('keeps basic text markup and drops scripts, handlers, images and styles', async () => {
    const sanitize = await loadSanitizer();
    const html = sanitize(
      '<p onclick="x()">a<strong>b</strong><em>c</em><br><span style="color:red">d</span></p><img src=x onerror="alert(1)"><script>alert(2)</script><iframe src="/"></iframe><svg onload="alert(3)"></svg><ul><li>e</li></ul>',
    );
    expect(html).toBe('<p>a<strong>b</strong><em>c</em><br><span>d</span></p><ul><li>e</li></ul>');
  });

  it('opens external links safely and strips unsafe ones, including their own target', async () => {
    render(
      <SafeHtml
        html={
          '<a href="https://x.example" target="_self">外</a><a href="javascript:alert(1)">坏</a><a href="/rights" target="_blank">内</a><a href="//evil.example/x">跨站</a><a href="mailto:a@evil.example">邮件</a>'
        }
      />,
    );
    const external = await screen.findByText('外');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('坏')).not.toHaveAttribute('href');
    expect(screen.getByText('内')).toHaveAttribute('href', '/rights');
    expect(screen.getByText('内')).not.toHaveAttribute('target');
    // DOMPurify itself lets these through; our policy (http(s) or same-origin paths) does not.
    expect(screen.getByText('跨站')).not.toHaveAttribute('href');
    expect(screen.getByText('邮件')).not.toHaveAttribute('href');
  });

  it('routes a tap on a same-origin link through onNavigate and leaves external links to the browser', async () => {
    const onNavigate = vi.fn();
    render(
      <SafeHtml
        html={'<a href="https://x.example/a">外</a><a href="/rights?tab=records">内</a>'}
        onNavigate={onNavigate}
      />,
    );
    fireEvent.click(await screen.findByText('外'));
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('内'));
    expect(onNavigate).toHaveBeenCalledWith('/rights?tab=records');
  });
});
