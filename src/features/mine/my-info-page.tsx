import { useEffect, useRef, useState } from 'react';
import { deleteAddress, getAddresses, updateInfo } from '@/api/user';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { useRequest } from '@/hooks/server-state';
import { confirm } from '@/lib/dialog';
import { showToast } from '@/lib/toast';
import { userInfoReplaced, useUserStore } from '@/stores/user';
import { updateInfoBody } from '@contract/form-schemas';
import type { Address } from '@contract/types';
import { ADDRESS_MAX_COUNT, maskPhone } from '@contract/validation';
import { AddressForm } from './address-form';
import { AddressList } from './address-list';
import { UserAvatar } from './user-avatar';
import './my-info.css';

const roleLabel = { customer: '客户', agent: '代理人' } as const;

/**
 * /my/info (docs/product.md §2, docs/product.md §4.7): avatar, nickname (editable), masked phone and role, and the
 * contact addresses (docs/product.md §7.6: at most 10, one default). Logged out, it offers login.
 */
export default function MyInfoPage() {
  return <MyInfo />;
}

function MyInfo() {
  const userInfo = useUserStore((s) => s.userInfo);
  const addresses = useRequest(() => getAddresses(), []);
  // undefined: the list; null: a new address; an Address: editing it.
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  if (!userInfo) return null;

  const list = addresses.data ?? [];
  const full = list.length >= ADDRESS_MAX_COUNT;

  function saved(address: Address) {
    addresses.setData((previous = []) => {
      const others = previous
        .filter((a) => a.id !== address.id)
        .map((a) => (address.isDefault ? { ...a, isDefault: false } : a));
      const at = previous.findIndex((a) => a.id === address.id);
      return at < 0 ? [...others, address] : [...others.slice(0, at), address, ...others.slice(at)];
    });
    setEditing(undefined);
  }

  async function remove(address: Address) {
    const yes = await confirm({ title: '删除地址', content: `确定删除${address.name}的地址吗？`, confirmText: '删除' });
    if (!yes || address.id === undefined) return;
    try {
      await deleteAddress(address.id);
      addresses.setData((previous = []) => previous.filter((a) => a.id !== address.id));
      void showToast('地址已删除');
    } catch {
      /* the client has shown why; the address stays */
    }
  }

  return (
    <div className="my-info">
      <RouteHeading />
      <section className="my-info__card" aria-label="基本信息">
        <div className="my-info__row my-info__row--avatar">
          <span className="my-info__label">头像</span>
          <UserAvatar url={userInfo.headUrl} name={userInfo.nickname} size={48} />
        </div>
        <NicknameRow nickname={userInfo.nickname} />
        <div className="my-info__row">
          <span className="my-info__label">手机号</span>
          <span className="my-info__value">{maskPhone(userInfo.mobilePhone)}</span>
        </div>
        <div className="my-info__row">
          <span className="my-info__label">身份</span>
          <span className="my-info__value">{roleLabel[userInfo.role]}</span>
        </div>
      </section>

      <section className="my-info__card" aria-labelledby="my-info-addresses">
        <header className="my-info__section-head">
          <h2 id="my-info-addresses" className="my-info__section-title">
            联系地址
          </h2>
          {editing === undefined && !addresses.loading && !addresses.error && (
            <button type="button" className="my-info__add" disabled={full} onClick={() => setEditing(null)}>
              新增地址
            </button>
          )}
        </header>
        {editing !== undefined ? (
          <AddressForm
            key={editing?.id ?? 'new'}
            initial={editing ?? undefined}
            onSaved={saved}
            onCancel={() => setEditing(undefined)}
          />
        ) : (
          <PageState
            loading={addresses.loading}
            error={addresses.error}
            onRetry={() => void addresses.reload()}
            empty={list.length === 0}
            emptyProps={{ text: '还没有联系地址', action: { label: '新增地址', onClick: () => setEditing(null) } }}
          >
            <AddressList addresses={list} onEdit={setEditing} onDelete={(a) => void remove(a)} />
            {full && <p className="my-info__hint">最多保存{ADDRESS_MAX_COUNT}个地址，可删除后再添加</p>}
          </PageState>
        )}
      </section>
    </div>
  );
}

/** The nickname, editable in place: 1–20 characters, trimmed (docs/product.md §7.6 updateInfo). */
function NicknameRow({ nickname }: { nickname: string }) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const editing = draft !== undefined;
  // Focus the field when editing starts (the user just tapped 修改).
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = updateInfoBody.safeParse({ nickname: draft ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setSaving(true);
    try {
      userInfoReplaced(await updateInfo(parsed.data.nickname));
      setDraft(undefined);
      void showToast('昵称已修改');
    } catch {
      /* toasted by the client; the draft stays */
    } finally {
      setSaving(false);
    }
  }

  if (draft === undefined) {
    return (
      <div className="my-info__row">
        <span className="my-info__label">昵称</span>
        <span className="my-info__value">{nickname}</span>
        <button type="button" className="my-info__edit" onClick={() => setDraft(nickname)}>
          修改昵称
        </button>
      </div>
    );
  }
  return (
    <form className="my-info__row my-info__row--form" noValidate onSubmit={(e) => void save(e)}>
      <label className="my-info__label" htmlFor="my-info-nickname">
        昵称
      </label>
      <input
        id="my-info-nickname"
        className="my-info__input"
        ref={input}
        value={draft}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'my-info-nickname-error' : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setError('');
        }}
      />
      <button type="submit" className="my-info__edit" disabled={saving}>
        保存
      </button>
      <button type="button" className="my-info__edit my-info__edit--muted" onClick={() => setDraft(undefined)}>
        取消
      </button>
      {error && (
        <p className="my-info__error" id="my-info-nickname-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
