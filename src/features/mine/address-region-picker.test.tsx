import { act, render, screen, waitFor } from '@testing-library/react';
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

// The real Cascader, with a note of each render and whether it was open.
vi.mock('antd-mobile', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd-mobile')>();
  const Real = actual.Cascader;
  return {
    ...actual,
    Cascader: (props: CascaderProps) => {
      cascader(props.visible);
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
    expect(cascader).toHaveBeenCalledWith(false);
  });

  it('opens the picker when tapped before that moment', async () => {
    const user = userEvent.setup();
    render(<AddressRegionPicker value={empty} onChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /所在地区/ }));
    await waitFor(() => expect(cascader).toHaveBeenCalledWith(true));
    expect(await screen.findByText('选择地区')).toBeInTheDocument();
  });
});
