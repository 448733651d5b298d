import type { Address } from '@contract/types';
import { maskPhone } from '@contract/validation';

export interface AddressListProps {
  addresses: Address[];
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}

/** The contact addresses of /my/info, the default one marked. */
export function AddressList({ addresses, onEdit, onDelete }: AddressListProps) {
  return (
    <ul className="address-list">
      {addresses.map((address) => {
        const region = [address.province, address.city, address.county]
          .filter((part, i, parts) => part !== parts[i - 1])
          .join(' ');
        return (
          <li key={address.id} className="address-list__item" aria-label={`${address.name}的地址`}>
            <p className="address-list__who">
              <span className="address-list__name">{address.name}</span>
              <span className="address-list__tel">{maskPhone(address.tel)}</span>
              {address.isDefault && <span className="address-list__default">默认</span>}
            </p>
            <p className="address-list__text">
              {region} {address.addressDetail}
            </p>
            <p className="address-list__actions">
              <button
                type="button"
                className="address-list__action"
                onClick={() => onEdit(address)}
                aria-label={`编辑${address.name}的地址`}
              >
                编辑
              </button>
              <button
                type="button"
                className="address-list__action address-list__action--danger"
                onClick={() => onDelete(address)}
                aria-label={`删除${address.name}的地址`}
              >
                删除
              </button>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
