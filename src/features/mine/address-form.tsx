import { useState } from 'react';
import { saveAddress } from '@/api/user';
import { showToast } from '@/lib/toast';
import { addressBody } from '@contract/form-schemas';
import type { Address } from '@contract/types';
import { ADDRESS_DETAIL_MAX } from '@contract/validation';
import { type AddressRegion, AddressRegionPicker } from './address-region-picker';

type Field = 'name' | 'tel' | 'region' | 'addressDetail';
export type AddressErrors = Partial<Record<Field, string>>;

const regionFields = new Set(['province', 'city', 'county', 'areaCode']);

/**
 * docs/product.md §5 on the client with the gateway's own schema (contract/schemas.ts `addressBody`):
 * the same rules and the same messages, first message per field.
 */
export function validateAddress(address: Address): AddressErrors {
  const result = addressBody.safeParse(address);
  if (result.success) return {};
  const errors: AddressErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    const field = (regionFields.has(key) ? 'region' : key) as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

const blank: Address = {
  name: '',
  tel: '',
  province: '',
  city: '',
  county: '',
  areaCode: '',
  addressDetail: '',
  isDefault: false,
};

export interface AddressFormProps {
  /** The address to edit; none = a new one. */
  initial?: Address;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

/**
 * Add or edit a contact address (docs/product.md §7.6). Errors show inline per field; nothing the user
 * typed is lost on a validation error or a 10001 refusal (the client toasts its desc).
 */
export function AddressForm({ initial, onSaved, onCancel }: AddressFormProps) {
  const [address, setAddress] = useState<Address>(initial ?? blank);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [saving, setSaving] = useState(false);
  const isTheDefault = initial?.isDefault === true;

  const set = <K extends keyof Address>(key: K, value: Address[K]) => setAddress((a) => ({ ...a, [key]: value }));
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateAddress(address);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const saved = await saveAddress({
        ...address,
        name: address.name.trim(),
        tel: address.tel.trim(),
        addressDetail: address.addressDetail.trim(),
      });
      void showToast('地址已保存');
      onSaved(saved);
    } catch {
      // Refused (10001 and others) or unreachable: the client has shown why; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  const field = (key: 'name' | 'tel', label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="address-form__field">
      <label className="address-form__label" htmlFor={`address-${key}`}>
        {label}
      </label>
      <input
        id={`address-${key}`}
        className="address-form__input"
        value={address[key]}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `address-${key}-error` : undefined}
        onChange={(e) => {
          set(key, e.target.value);
          clear(key);
        }}
        {...props}
      />
      {errors[key] && (
        <p className="address-form__error" id={`address-${key}-error`} role="alert">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="address-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={initial?.id ? '编辑地址' : '新增地址'}
    >
      <h2 className="address-form__title">{initial?.id ? '编辑地址' : '新增地址'}</h2>
      {field('name', '联系人', { placeholder: '请输入姓名', autoComplete: 'name' })}
      {field('tel', '联系电话', { placeholder: '手机号或座机号', inputMode: 'tel', autoComplete: 'tel' })}
      <AddressRegionPicker
        value={address as AddressRegion}
        error={errors.region}
        onChange={(region) => {
          setAddress((a) => ({ ...a, ...region }));
          clear('region');
        }}
      />
      <div className="address-form__field">
        <label className="address-form__label" htmlFor="address-detail">
          详细地址
        </label>
        <textarea
          id="address-detail"
          className="address-form__input address-form__textarea"
          rows={3}
          placeholder="街道、楼牌号、单元室等"
          value={address.addressDetail}
          aria-invalid={Boolean(errors.addressDetail)}
          aria-describedby={errors.addressDetail ? 'address-detail-error' : undefined}
          onChange={(e) => {
            set('addressDetail', e.target.value);
            clear('addressDetail');
          }}
        />
        <span
          className={`address-form__count${address.addressDetail.trim().length > ADDRESS_DETAIL_MAX ? ' address-form__count--over' : ''}`}
        >
          {address.addressDetail.trim().length}/{ADDRESS_DETAIL_MAX}
        </span>
        {errors.addressDetail && (
          <p className="address-form__error" id="address-detail-error" role="alert">
            {errors.addressDetail}
          </p>
        )}
      </div>
      <label className="address-form__switch">
        <span>设为默认地址</span>
        <input
          type="checkbox"
          role="switch"
          checked={address.isDefault}
          // The default moves to another address, never away (the gateway keeps it as well).
          disabled={isTheDefault}
          aria-describedby={isTheDefault ? 'address-default-note' : undefined}
          onChange={(e) => set('isDefault', e.target.checked)}
        />
      </label>
      {isTheDefault && (
        <p className="address-form__note" id="address-default-note">
          将其他地址设为默认即可更换
        </p>
      )}
      <div className="address-form__actions">
        <button type="button" className="app-button app-button--ghost" onClick={onCancel}>
          取消
        </button>
        <button type="submit" className="app-button app-button--primary" disabled={saving}>
          {saving ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
