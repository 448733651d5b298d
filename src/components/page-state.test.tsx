import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { Code } from '@contract/codes';
import { PageState } from './page-state';

const heading = <h1>服务评价</h1>;

function headings() {
  return screen.queryAllByRole('heading', { level: 1 }).map((h) => h.textContent);
}

describe('PageState', () => {
  it('shows the placeholder heading in every state without data, and only the data’s own once it shows', () => {
    const data = <h1>洁牙服务</h1>;
    const { rerender } = render(
      <PageState loading heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);

    rerender(
      <PageState loading={false} error={new Error('offline')} heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);
    expect(screen.getByRole('alert')).toHaveTextContent('加载失败');

    rerender(
      <PageState loading={false} error={new ApiError(Code.businessError, '服务记录不存在')} heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);
    expect(screen.getByText('服务记录不存在')).toBeInTheDocument();

    rerender(
      <PageState loading={false} empty heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['服务评价']);

    rerender(
      <PageState loading={false} heading={heading}>
        {data}
      </PageState>,
    );
    expect(headings()).toEqual(['洁牙服务']);
  });
});
