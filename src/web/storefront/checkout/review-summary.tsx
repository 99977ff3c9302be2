// The summary box at the top of the shipping and billing stages, with 'Change' links back.
import { isUsCountry } from '../../../domain/geo.js';
import { COUNTRIES, US_STATES } from '../../../domain/regions.js';
import { formatMoney as formatCents, toCents } from '../../../domain/money.js';
import type { ShippingInfoInput, ShippingOption } from '../../api/http-api.js';

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
const stateName = (country: string, state: string) =>
  isUsCountry(country) ? (US_STATES.find((s) => s.code === state)?.code ?? state) : state;

export function addressLine(
  info: Pick<ShippingInfoInput, 'address' | 'address2' | 'city' | 'state' | 'zip' | 'country'>,
): string {
  const street = [info.address, info.address2].filter((s) => s.trim()).join(', ');
  return `${street}, ${info.city}, ${stateName(info.country, info.state)} ${info.zip}, ${countryName(info.country)}`;
}

export const optionPrice = (option: ShippingOption) => (option.amt === 0 ? 'free' : formatCents(toCents(option.amt)));

type Row = { label: string; value: string; changeLabel: string; onChange: () => void };

export function ReviewSummary({
  info,
  method,
  onChangeContact,
  onChangeMethod,
}: {
  info: ShippingInfoInput;
  method?: ShippingOption | null;
  onChangeContact: () => void;
  onChangeMethod?: () => void;
}) {
  const rows: Row[] = [
    {
      label: 'Contact',
      value: [`${info.firstName} ${info.lastName}`.trim(), info.email, info.phone].filter(Boolean).join(' · '),
      changeLabel: 'Change contact',
      onChange: onChangeContact,
    },
    { label: 'Ship to', value: addressLine(info), changeLabel: 'Change shipping address', onChange: onChangeContact },
  ];
  if (method && onChangeMethod) {
    rows.push({
      label: 'Method',
      value: `${method.description} · ${optionPrice(method)}`,
      changeLabel: 'Change shipping method',
      onChange: onChangeMethod,
    });
  }
  return (
    <dl className="review-summary">
      {rows.map((row) => (
        <div key={row.label} className="review-summary__row">
          <dt className="review-summary__label">{row.label}</dt>
          <dd className="review-summary__value" data-testid={`review-${row.label.toLowerCase().replace(/\s/g, '-')}`}>
            {row.value}
          </dd>
          <dd className="review-summary__change">
            <button type="button" className="checkout-link" aria-label={row.changeLabel} onClick={row.onChange}>
              Change
            </button>
          </dd>
        </div>
      ))}
    </dl>
  );
}
