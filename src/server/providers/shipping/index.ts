// Which shipping provider this copy of the shop uses: Shippo for labels when SHIPPO_API_TOKEN is
// set, otherwise the built-in table; checkout options come from the owner's table either way.
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { shippoShippingProvider } from './shippo-shipping.js';
import type { ShippingProvider } from './shipping-provider.js';
import { SHIPPING_RATES_SETTING, shipFromReader, tableShippingProvider } from './table-shipping.js';

export function shippingProvider(config: Pick<Config, 'shippo'>, db: Db, clock?: () => Date): ShippingProvider {
  const readSetting = async (key: string) => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value;
  };
  const table = tableShippingProvider(() => readSetting(SHIPPING_RATES_SETTING), { readSetting, clock });
  if (!config.shippo) return table;
  return shippoShippingProvider({
    token: config.shippo.token,
    apiUrl: config.shippo.apiUrl,
    shipFrom: shipFromReader(readSetting),
    checkout: table,
  });
}
