// Stripe Tax in the local fake of Stripe (stripe-fake.ts): POST /v1/tax/calculations with Stripe's
// answer shape (tax_breakdown per jurisdiction, taxability reasons) for a few known places. Elsewhere
// the shop has no tax registration, and Stripe answers 0 with 'not_collecting'.

type Jurisdiction = { state: string | null; percent: string; exemptCodes?: string[] };
type Answer = { status: number; body: unknown };

/** Places the fake knows, by 5-digit zip (illustrative rates, as a registered shop would see). */
export const FAKE_TAX_PLACES: Record<string, Jurisdiction[]> = {
  // Chicago: the state's 6.25 % and 4 % of county, city and regional taxes, in two parts.
  '60601': [
    { state: 'IL', percent: '6.25' },
    { state: 'IL', percent: '4.0' },
  ],
  // San Francisco: one combined part.
  '94105': [{ state: 'CA', percent: '8.625' }],
  // New Jersey: clothing is exempt; other goods pay 6.625 %.
  '07001': [{ state: 'NJ', percent: '6.625', exemptCodes: ['txcd_30011000'] }],
};

export function stripeTaxFake() {
  /** Each calculation asked for: its form fields as sent. */
  const calculations: Record<string, string>[] = [];
  /** Set to make every calculation fail as Stripe does when it is down (a 500 api_error). */
  let outage = false;

  function calculate(form: URLSearchParams): Answer {
    calculations.push(Object.fromEntries(form));
    if (outage) {
      return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    }
    const country = form.get('customer_details[address][country]');
    const zip = form.get('customer_details[address][postal_code]') ?? '';
    if (!country || (country === 'US' && !/^\d{5}(-\d{4})?$/.test(zip))) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'customer_tax_location_invalid',
            message: 'We could not determine the customer’s tax location based on the provided customer address.',
          },
        },
      };
    }
    const lines = [...form.keys()]
      .map((k) => /^line_items\[(\d+)\]\[amount\]$/.exec(k)?.[1])
      .filter((i) => i !== undefined)
      .map((i) => ({
        amount: Number(form.get(`line_items[${i}][amount]`)),
        taxCode: form.get(`line_items[${i}][tax_code]`) ?? 'txcd_99999999',
        inclusive: form.get(`line_items[${i}][tax_behavior]`) === 'inclusive',
      }));
    const places = FAKE_TAX_PLACES[zip.slice(0, 5)];
    const breakdown = (places ?? [{ state: null, percent: '0.0' }]).map((place) => {
      const exempt = place.exemptCodes !== undefined && lines.every((l) => place.exemptCodes!.includes(l.taxCode));
      const taxable = places && !exempt ? lines.reduce((sum, l) => sum + l.amount, 0) : 0;
      return {
        amount: Math.round((taxable * Number(place.percent)) / 100),
        inclusive: false,
        tax_rate_details: {
          country: 'US',
          flat_amount: null,
          percentage_decimal: exempt ? '0.0' : place.percent,
          rate_type: 'percentage',
          state: place.state,
          tax_type: 'sales_tax',
        },
        taxability_reason: !places ? 'not_collecting' : exempt ? 'product_exempt' : 'standard_rated',
        taxable_amount: taxable,
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const tax = breakdown.reduce((sum, b) => sum + b.amount, 0);
    return {
      status: 200,
      body: {
        id: `taxcalc_${Math.random().toString(16).slice(2, 14)}`,
        object: 'tax.calculation',
        amount_total: subtotal + tax,
        currency: form.get('currency') ?? 'usd',
        customer: null,
        customer_details: {
          address: { country, postal_code: zip, city: null, line1: null, line2: null, state: null },
          address_source: form.get('customer_details[address_source]'),
          ip_address: null,
          tax_ids: [],
          taxability_override: 'none',
        },
        expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400,
        livemode: false,
        ship_from_details: null,
        shipping_cost: null,
        tax_amount_exclusive: tax,
        tax_amount_inclusive: 0,
        tax_breakdown: breakdown,
        tax_date: Math.floor(Date.now() / 1000),
      },
    };
  }

  return {
    /** Stripe's answer when the request is a tax calculation, else undefined. */
    route(method: string, path: string, form: URLSearchParams): Answer | undefined {
      return method === 'POST' && path === '/v1/tax/calculations' ? calculate(form) : undefined;
    },
    controls: {
      taxCalculations: calculations,
      setTaxOutage(down: boolean) {
        outage = down;
      },
    },
  };
}
