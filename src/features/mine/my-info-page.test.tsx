import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useUserStore } from '@/stores/user';
import { endpoints } from '@contract/endpoints';
import { HIDDEN_CONTROL_SAMPLES, INVISIBLE_ONLY_SAMPLES } from '@contract/input-samples';
import { TextMessages } from '@contract/validation';
import { db } from '../../../tests/mocks/db';
import { envelope, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

const customer = '13800138000';
// antd-mobile's popups (Cascader, Dialog) keep `pointer-events: none` while they animate in.
const popupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openNewAddressForm() {
  const view = renderScreen('/my/info', { user: customer });
  await screen.findByText('漕溪北路88号2号楼1203室', { exact: false });
  await view.user.click(screen.getByRole('button', { name: '新增地址' }));
  await screen.findByRole('form', { name: '新增地址' });
  return view;
}

describe('/my/info: personal information', () => {
  it('shows the nickname, masked phone and role, titled 个人信息', async () => {
    renderScreen('/my/info', { user: customer });
    const card = await screen.findByRole('region', { name: '基本信息' });
    expect(within(card).getByText('张晓明')).toBeInTheDocument();
    expect(within(card).getByText('138****8000')).toBeInTheDocument();
    expect(within(card).getByText('客户')).toBeInTheDocument();
    expect(document.title).toBe('个人信息 - 健康服务平台');
  });

  it('shows 代理人 for an agent', async () => {
    renderScreen('/my/info', { user: '13900139000' });
    const card = await screen.findByRole('region', { name: '基本信息' });
    expect(within(card).getByText('代理人')).toBeInTheDocument();
  });

  it('edits the nickname: 1–20 characters, trimmed, with the gateway message on bad input', async () => {
    const { user } = renderScreen('/my/info', { user: customer });
    await user.click(await screen.findByRole('button', { name: '修改昵称' }));
    const input = screen.getByRole('textbox', { name: '昵称' });
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert')).toHaveTextContent('昵称需为1-20个字');
    await user.clear(input);
    await user.type(input, '一二三四五六七八九十一二三四五六七八九十一');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert')).toHaveTextContent('昵称需为1-20个字');
    expect(input).toHaveValue('一二三四五六七八九十一二三四五六七八九十一');
    await user.clear(input);
    await user.type(input, '  小明同学 ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(useUserStore.getState().userInfo?.nickname).toBe('小明同学'));
    expect(await screen.findByText('小明同学')).toBeInTheDocument();
    expect(db.users.find((u) => u.mobilePhone === customer)?.nickname).toBe('小明同学');
  });

  it('refuses every row of the hostile-text table with the gateway message, before sending it', async () => {
    const { user } = renderScreen('/my/info', { user: customer });
    await user.click(await screen.findByRole('button', { name: '修改昵称' }));
    const input = screen.getByRole('textbox', { name: '昵称' });
    const rows = [
      ...HIDDEN_CONTROL_SAMPLES.map((s) => [s.text, TextMessages.hiddenControl('昵称')] as const),
      ...INVISIBLE_ONLY_SAMPLES.map((s) => [s.text, TextMessages.invisibleOnly('昵称')] as const),
    ];
    for (const [text, message] of rows) {
      await user.clear(input);
      await user.click(input);
      await user.paste(text);
      if ((input as HTMLInputElement).value !== text) {
        // A one-line field drops a line break as it is pasted: there is nothing to refuse.
        expect(text).toMatch(/[\n\r]/);
        continue;
      }
      await user.click(screen.getByRole('button', { name: '保存' }));
      expect(screen.getByRole('alert'), JSON.stringify(text)).toHaveTextContent(message);
    }
    expect(db.users.find((u) => u.mobilePhone === customer)?.nickname).toBe('张晓明');
  });
});

describe('/my/info: contact addresses (docs/product.md §5 rules and messages)', () => {
  it('lists the addresses with the default marked', async () => {
    renderScreen('/my/info', { user: customer });
    const item = await screen.findByRole('listitem', { name: '张晓明的地址' });
    expect(within(item).getByText('默认')).toBeInTheDocument();
    expect(within(item).getByText(/上海市 徐汇区 漕溪北路88号/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: '张建国的地址' })).queryByText('默认')).toBeNull();
  });

  it('shows every message inline, per field, and keeps what was typed', async () => {
    const { user } = await openNewAddressForm();
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '12345');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('textbox', { name: '联系人' })).toHaveAccessibleDescription('请填写姓名');
    expect(screen.getByRole('textbox', { name: '联系电话' })).toHaveAccessibleDescription('请填写正确的电话');
    expect(screen.getByRole('button', { name: /^所在地区/ })).toHaveAccessibleDescription('请选择地区');
    // Label and the text it shows (label in name), for voice control and screen readers alike.
    expect(screen.getByRole('button', { name: /^所在地区/ })).toHaveAccessibleName('所在地区 请选择省 / 市 / 区县');
    expect(screen.getByRole('textbox', { name: '详细地址' })).toHaveAccessibleDescription('请填写详细地址');
    expect(screen.getByRole('textbox', { name: '联系电话' })).toHaveValue('12345');
  });

  it.each([
    ['13800138000', true],
    ['+8613800138000', true],
    ['8613800138000', true],
    ['010-12345678', true],
    ['12345', false],
    ['2380013800', false],
  ])('phone %s valid: %s', async (tel, valid) => {
    const { user } = await openNewAddressForm();
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), tel);
    await user.click(screen.getByRole('button', { name: '保存' }));
    const field = screen.getByRole('textbox', { name: '联系电话' });
    if (valid) expect(field).not.toHaveAccessibleDescription();
    else expect(field).toHaveAccessibleDescription('请填写正确的电话');
    expect(field).toHaveValue(tel);
  });

  it('limits the detail address to 200 characters', async () => {
    const { user } = await openNewAddressForm();
    const detail = screen.getByRole('textbox', { name: '详细地址' });
    await user.click(detail);
    await user.paste('路'.repeat(201));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(detail).toHaveAccessibleDescription('详细地址不能超过200个字');
    expect(screen.getByText('201/200')).toBeInTheDocument();
    await user.type(detail, '{Backspace}');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(detail).not.toHaveAccessibleDescription();
  });

  it('adds an address with the region picker and makes it the default', async () => {
    await openNewAddressForm();
    const user = popupUser();
    await user.type(screen.getByRole('textbox', { name: '联系人' }), '李华');
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '010-12345678');
    await user.click(screen.getByRole('button', { name: /^所在地区/ }));
    await user.click(await screen.findByText('上海市', { selector: '.adm-list-item-content-main' }));
    // The city tab lists 上海市 again, beside the province tab's.
    await waitFor(() =>
      expect(screen.getAllByText('上海市', { selector: '.adm-list-item-content-main' })).toHaveLength(2),
    );
    await user.click(screen.getAllByText('上海市', { selector: '.adm-list-item-content-main' })[1]);
    await user.click(await screen.findByText('徐汇区', { selector: '.adm-list-item-content-main' }));
    await user.click(screen.getByText('确定'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^所在地区/ })).toHaveAccessibleName('所在地区 上海市 徐汇区'),
    );
    await user.type(screen.getByRole('textbox', { name: '详细地址' }), '虹桥路1号');
    await user.click(screen.getByRole('switch', { name: '设为默认地址' }));
    await user.click(screen.getByRole('button', { name: '保存' }));

    const item = await screen.findByRole('listitem', { name: '李华的地址' });
    expect(within(item).getByText('默认')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: '张晓明的地址' })).queryByText('默认')).toBeNull();
    const saved = db.addresses.find((a) => a.name === '李华');
    expect(saved).toMatchObject({
      tel: '010-12345678',
      province: '上海市',
      city: '上海市',
      county: '徐汇区',
      areaCode: '310104',
      isDefault: true,
    });
  });

  it('keeps the default address the default while it is edited: the switch is on and cannot be turned off', async () => {
    const { user } = renderScreen('/my/info', { user: customer });
    await user.click(await screen.findByRole('button', { name: '编辑张晓明的地址' }));
    const on = await screen.findByRole('switch', { name: '设为默认地址' });
    expect(on).toBeChecked();
    expect(on).toBeDisabled();
    expect(on).toHaveAccessibleDescription('将其他地址设为默认即可更换');
    await user.click(screen.getByRole('button', { name: '取消' }));
    await user.click(await screen.findByRole('button', { name: '编辑张建国的地址' }));
    const off = await screen.findByRole('switch', { name: '设为默认地址' });
    expect(off).not.toBeChecked();
    expect(off).toBeEnabled();
  });

  it('edits an address, keeping the typed input when the gateway refuses (10001)', async () => {
    const { user } = renderScreen('/my/info', { user: customer });
    await user.click(await screen.findByRole('button', { name: '编辑张建国的地址' }));
    const detail = await screen.findByRole('textbox', { name: '详细地址' });
    expect(screen.getByRole('button', { name: /^所在地区/ })).toHaveTextContent('北京市 朝阳区');
    await user.clear(detail);
    await user.type(detail, '望京街10号');
    server.use(
      http.post(
        url(endpoints.addressSave),
        () => HttpResponse.json(envelope(10001, '地址保存失败，请稍后重试', null)),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '保存' })).toBeEnabled());
    expect(detail).toHaveValue('望京街10号');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const item = await screen.findByRole('listitem', { name: '张建国的地址' });
    expect(within(item).getByText(/望京街10号/)).toBeInTheDocument();
    expect(db.addresses.find((a) => a.id === 2)?.addressDetail).toBe('望京街10号');
  });

  it('deletes an address after confirmation, and keeps it when cancelled', async () => {
    renderScreen('/my/info', { user: customer });
    const user = popupUser();
    await user.click(await screen.findByRole('button', { name: '删除张建国的地址' }));
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(screen.getByRole('listitem', { name: '张建国的地址' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消' })).toBeNull());

    await user.click(screen.getByRole('button', { name: '删除张建国的地址' }));
    expect(await screen.findByText('确定删除张建国的地址吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '张建国的地址' })).toBeNull());
    expect(db.addresses.some((a) => a.id === 2)).toBe(false);
  });

  it('allows at most 10 addresses', async () => {
    const base = db.addresses[1];
    for (let id = 3; id <= 10; id += 1) db.addresses.push({ ...base, id, name: `联系人${id}`, isDefault: false });
    renderScreen('/my/info', { user: customer });
    await screen.findByRole('listitem', { name: '联系人10的地址' });
    expect(screen.getByRole('button', { name: '新增地址' })).toBeDisabled();
    expect(screen.getByText('最多保存10个地址，可删除后再添加')).toBeInTheDocument();
  });
});
