import { areaList } from '@vant/area-data';
import { Cascader, type CascaderOption } from 'antd-mobile';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** The region of an address: names as shown, areaCode = the county's 6-digit code. */
export interface AddressRegion {
  province: string;
  city: string;
  county: string;
  areaCode: string;
}

let options: CascaderOption[] | undefined;
const NO_OPTIONS: CascaderOption[] = [];

/** The entries of a code → name list grouped by the first `length` digits of their codes. */
function groupBy(list: Record<string, string>, length: number): Map<string, { label: string; value: string }[]> {
  const groups = new Map<string, { label: string; value: string }[]>();
  for (const [value, label] of Object.entries(list)) {
    const key = value.slice(0, length);
    const group = groups.get(key);
    if (group) group.push({ label, value });
    else groups.set(key, [{ label, value }]);
  }
  return groups;
}

/**
 * Province → city → county options from `@vant/area-data` (docs/product.md §7.6: its area codes), built
 * once, on first use: the package is only loaded with /my/info. One pass over each list (the
 * tap that opens the picker builds them: 3 000 counties must not be scanned once per city).
 */
function areaOptions(): CascaderOption[] {
  if (options) return options;
  const counties = groupBy(areaList.county_list, 4);
  const cities = groupBy(areaList.city_list, 2);
  options = Object.entries(areaList.province_list).map(([pCode, pName]) => ({
    label: pName,
    value: pCode,
    children: (cities.get(pCode.slice(0, 2)) ?? []).map((city) => ({
      ...city,
      children: counties.get(city.value.slice(0, 4)) ?? [],
    })),
  }));
  return options;
}

/** The three codes of a county code: 310104 → [310000, 310100, 310104]. */
const codesOf = (areaCode: string) =>
  /^\d{6}$/.test(areaCode) && areaCode !== '000000'
    ? [`${areaCode.slice(0, 2)}0000`, `${areaCode.slice(0, 4)}00`, areaCode]
    : [];

export interface AddressRegionPickerProps {
  value: AddressRegion;
  onChange: (region: AddressRegion) => void;
  /** Shown under the field (the docs/product.md §5 message 请选择地区). */
  error?: string;
}

/** The address form's region field: a button that opens antd-mobile's Cascader. */
export function AddressRegionPicker({ value, onChange, error }: AddressRegionPickerProps) {
  const [open, setOpen] = useState(false);
  // The Cascader (its Popup and Mask set up their springs even while closed) mounts once the
  // form sits idle, or with the tap that opens it: the tap that shows the form renders the form.
  const [mounted, setMounted] = useState(false);
  // Once built, the options stay: taken away as the picker closes, its view would redraw as a
  // skeleton inside the tap that closes it, and slide away showing that.
  const all = open ? areaOptions() : (options ?? NO_OPTIONS);
  // The options are built while the form sits idle, not in the tap that opens the picker.
  useEffect(
    () =>
      whenIdle(() => {
        areaOptions();
        startTransition(() => setMounted(true));
      }),
    [],
  );
  const text = value.areaCode
    ? [value.province, value.city, value.county].filter((part, i, parts) => part !== parts[i - 1]).join(' ')
    : '';

  return (
    <div className="address-form__field">
      <span className="address-form__label" id="address-region-label">
        所在地区
      </span>
      <button
        type="button"
        className={`address-form__region${text ? '' : ' address-form__region--empty'}`}
        id="address-region-value"
        // Label and value (WCAG 2.5.3, label in name: what it shows is part of its name): 所在地区 请选择省 / 市 / 区县.
        aria-labelledby="address-region-label address-region-value"
        aria-describedby={error ? 'address-region-error' : undefined}
        // The tap's frame paints first; the picker (options, Cascader, Popup) renders after it.
        onClick={() => startTransition(() => setOpen(true))}
      >
        {text || '请选择省 / 市 / 区县'}
      </button>
      {error && (
        <p className="address-form__error" id="address-region-error" role="alert">
          {error}
        </p>
      )}
      {(mounted || open) && (
        <Cascader
          className="region-picker"
          options={all}
          visible={open}
          title="选择地区"
          cancelText={<span className="picker-action">取消</span>}
          confirmText={<span className="picker-action">确定</span>}
          placeholder="请选择"
          value={codesOf(value.areaCode)}
          onClose={() => setOpen(false)}
          onConfirm={(codes, extend) => {
            const [p, c, k] = extend.items;
            if (p && c && k && codes.length === 3) {
              onChange({
                province: String(p.label),
                city: String(c.label),
                county: String(k.label),
                areaCode: String(k.value),
              });
            }
          }}
        />
      )}
    </div>
  );
}
