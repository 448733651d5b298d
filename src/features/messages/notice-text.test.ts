import { noticeSummary } from './notice-text';

describe('noticeSummary', () => {
  it('reads the text of the markup, words of separate blocks apart, entities decoded', () => {
    expect(noticeSummary('<p>您的<strong>体检预约</strong>已确认</p><p>请携带身份证 &amp; 医保卡&nbsp;到场</p>')).toBe(
      '您的体检预约已确认 请携带身份证 & 医保卡 到场',
    );
  });

  it('drops what a reader never sees and keeps a hostile notice as text only', () => {
    const hostile =
      '<script>alert(1)</script><style>p{}</style>重要<img src=x onerror="alert(2)"><a href="javascript:alert(3)" title="a>b">提醒</a><!-- <b>注释</b> -->';
    expect(noticeSummary(hostile)).toBe('重要提醒');
  });

  it('creates no element while reading, so no inline handler is ever registered', () => {
    const created = vi.spyOn(document, 'createElement');
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    noticeSummary('<img src=x onerror="alert(1)">文本');
    expect(created.mock.calls.map(([tag]) => tag)).toEqual(['textarea']);
    expect(parse).not.toHaveBeenCalled();
    created.mockRestore();
    parse.mockRestore();
  });

  it('cuts a long text at max characters with an ellipsis', () => {
    expect(noticeSummary(`<p>${'字'.repeat(70)}</p>`, 60)).toBe(`${'字'.repeat(60)}…`);
    expect(noticeSummary('短', 60)).toBe('短');
  });
});
