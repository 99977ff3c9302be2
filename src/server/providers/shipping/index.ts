// Which shipping provider this copy of the shop uses: Shippo for labels when SHIPPO_API_TOKEN is
// set, otherwise the built-in table; checkout options come from the owner's Settings either way
// (`readShipping`: services.settings.read(), cached in the read model).
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { shippoShippingProvider } from './shippo-shipping.js';
import type { ShippingProvider } from './shipping-provider.js';
import { type ShippingSettings, shipFromReader, tableShippingProvider } from './table-shipping.js';

export function shippingProvider(
  config: Pick<Config, 'shippo'>,
  db: Db,
  clock?: () => Date,
  readShipping?: () => Promise<ShippingSettings>,
): ShippingProvider {
  const readSetting = async (key: string) => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value;
  };
  const table = tableShippingProvider(readShipping, { readSetting, ...(clock ? { clock } : {}) });
  if (!config.shippo) return table;
  return shippoShippingProvider({
    token: config.shippo.token,
    apiUrl: config.shippo.apiUrl,
    shipFrom: shipFromReader(readSetting),
    checkout: table,
  });
}
