import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CascaderProps } from 'antd-mobile';
import { AddressRegionPicker } from './address-region-picker';

const { idle, cascader } = vi.hoisted(() => ({ idle: [] as (() => void)[], cascader: vi.fn() }));

// The idle moment is the test's to choose.
vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    idle.push(task);
    return () => undefined;
  },
}));

// The real Cascader, with a note of each render: whether it was open, and how many provinces it had.
vi.mock('antd-mobile', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd-mobile')>();
  const Real = actual.Cascader;
  return {
    ...actual,
    Cascader: (props: CascaderProps) => {
      cascader(props.visible, props.options.length);
      return <Real {...props} />;
    },
  };
});

beforeEach(() => {
  idle.length = 0;
  cascader.mockClear();
});

const empty = { province: '', city: '', county: '', areaCode: '' };

describe('the address form’s region field', () => {
  it('mounts its Cascader once the form sits idle, not in the tap that shows the form', () => {
    render(<AddressRegionPicker value={empty} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: /所在地区/ })).toBeInTheDocument();
    expect(cascader).not.toHaveBeenCalled();

    act(() => idle.forEach((task) => task()));
    expect(cascader).toHaveBeenCalledWith(false, expect.any(Number));
  });

  it('opens the picker when tapped before that moment', async () => {
    const user = userEvent.setup();
    render(<AddressRegionPicker value={empty} onChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /所在地区/ }));
    await waitFor(() => expect(cascader).toHaveBeenCalledWith(true, expect.any(Number)));
    expect(await screen.findByText('选择地区')).toBeInTheDocument();
  });

  it('keeps its options as it closes: the sheet slides away with the choice, not a skeleton', async () => {
    const user = userEvent.setup();
    render(<AddressRegionPicker value={empty} onChange={() => undefined} />);
    act(() => idle.forEach((task) => task()));
    await user.click(screen.getByRole('button', { name: /所在地区/ }));
    await screen.findByText('选择地区');
    const opened = cascader.mock.calls.findIndex(([visible]) => visible);
    const provinces = cascader.mock.calls[opened][1];
    expect(provinces).toBeGreaterThan(30);

    // The sheet is still sliding in (pointer-events: none until its spring settles).
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(cascader.mock.lastCall?.[0]).toBe(false));
    expect(new Set(cascader.mock.calls.slice(opened).map(([, options]) => options))).toEqual(new Set([provinces]));
  });
});
