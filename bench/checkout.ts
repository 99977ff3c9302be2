// A full sandbox checkout as a shopper's browser makes it, timed end to end:
// (token → addToCart, untimed) stageCheck → order/getShippingOptions → getTaxRate →
// api/getClientSecret → sandbox/card/confirm → placeOrder. Sequential, so the figure is the latency one shopper sees.

type Item = {
  url: string;
  available_products: {
    type: string;
    name: string;
    colors: { color_name: string; available_sizes: { name: string; sold_out: boolean }[] }[];
  }[];
};

const shippingInfo = {
  firstName: 'Bench',
  lastName: 'Shopper',
  email: 'bench@example.com',
  emailConf: 'bench@example.com',
  phone: '',
  address: '350 Fifth Avenue',
  address2: '',
  country: 'US',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};

async function post<T>(url: string, body: unknown, cookie: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `count` checkouts one after another and answers their durations in ms. */
export async function timeCheckouts(shopUrl: string, count: number): Promise<number[]> {
  const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as Item[];
  // Sizes without tracked stock limits would be ideal; any open size will do for a bench run.
  const open = items.flatMap((item) =>
    item.available_products.flatMap((p) =>
      p.colors.flatMap((c) =>
        c.available_sizes
          .filter((s) => !s.sold_out)
          .map((s) => ({
            url: item.url,
            product_type: p.type,
            product_name: p.name,
            color: c.color_name,
            size: s.name,
          })),
      ),
    ),
  );
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const selection = open[i % open.length]!;
    const token = await fetch(`${shopUrl}/token`);
    const cookie = token.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await post(`${shopUrl}/addToCart`, [selection], cookie).catch(() => undefined);
    const started = performance.now();
    try {
      await post(`${shopUrl}/stageCheck`, { stage: 'checkout' }, cookie);
      const options = await post<{ type: string; amt: number }[]>(
        `${shopUrl}/order/getShippingOptions`,
        { shippingInfo },
        cookie,
      );
      const { taxRate } = await post<{ taxRate: number }>(
        `${shopUrl}/getTaxRate`,
        { zipCode: shippingInfo.zip },
        cookie,
      );
      const secret = await post<string>(
        `${shopUrl}/api/getClientSecret`,
        { taxRate, shippingFee: options[0]!.amt, shippingType: options[0]!.type },
        cookie,
      );
      const confirmed = await post<{ paymentIntent?: { id: string } }>(
        `${shopUrl}/sandbox/card/confirm`,
        { clientSecret: secret, cardNumber: '4242424242424242', exp: '12 / 34', cvc: '123', name: 'Bench Shopper' },
        cookie,
      );
      await post(
        `${shopUrl}/placeOrder`,
        {
          shippingInfo,
          shippingType: options[0]!.type,
          additionalInfo: { paymentIntentId: confirmed.paymentIntent!.id },
        },
        cookie,
      );
      durations.push(performance.now() - started);
    } catch {
      // A size that sold out during the run: not a checkout to time.
    }
  }
  return durations;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
