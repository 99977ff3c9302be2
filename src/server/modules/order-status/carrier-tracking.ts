// The carrier's own tracking page for a parcel (issue 27, order status): the four carriers the shop
// ships with most are known by name (the label's carrier) or by their tracking numbers' shapes;
// anything else keeps the tracking address the order stored (the label provider's or the owner's),
// when it is an https/http address. A number never goes into an address unencoded.

export type CarrierTracking = { carrier: string | null; url: string | null };

/** `loose`: shapes other carriers' numbers may share (plain digits), trusted only without a stored address. */
type Carrier = { name: string; url: (n: string) => string; numbers: RegExp[]; loose?: RegExp[]; aliases: RegExp };

const CARRIERS: Carrier[] = [
  {
    name: 'UPS',
    url: (n) => `https://www.ups.com/track?loc=en_US&tracknum=${encodeURIComponent(n)}`,
    numbers: [/^1Z[0-9A-Z]{16}$/],
    aliases: /\bups\b/i,
  },
  {
    name: 'USPS',
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
    // IMpb (92/93/94/95 + 20 digits, or 420+ZIP prefixed), and international S10 ending in US.
    numbers: [/^9[2345]\d{20}$/, /^420\d{5}9[2345]\d{20}$/, /^[A-Z]{2}\d{9}US$/],
    aliases: /\busps\b|postal service/i,
  },
  {
    name: 'FedEx',
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
    numbers: [],
    loose: [/^\d{12}$/, /^\d{15}$/],
    aliases: /\bfed\s?ex\b/i,
  },
  {
    name: 'DHL',
    url: (n) =>
      `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(n)}`,
    numbers: [/^JJD\d{18}$/],
    loose: [/^\d{10}$/],
    aliases: /\bdhl\b/i,
  },
];

/** An http(s) address as given, or null (a `javascript:` link or garbage never reaches a page). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The tracking site's name ('track.example'), for a link to a carrier the shop does not know. */
function siteOf(url: string): string {
  return new URL(url).hostname.replace(/^(www|tools|wwwapps|m)\./, '');
}

/**
 * `trackingNumber` as stored; `carrierName` the label's carrier when a label was bought ('USPS');
 * `storedUrl` the order's tracking address.
 */
export function carrierTracking(
  trackingNumber: string | null,
  carrierName: string | null,
  storedUrl: string | null,
): CarrierTracking {
  const stored = safeHttpUrl(storedUrl);
  if (!trackingNumber) return { carrier: stored ? siteOf(stored) : null, url: stored };
  const compact = trackingNumber.replace(/\s+/g, '').toUpperCase();
  const named = carrierName ? CARRIERS.find((c) => c.aliases.test(carrierName)) : undefined;
  const byStoredSite = stored ? CARRIERS.find((c) => c.aliases.test(siteOf(stored))) : undefined;
  const byNumber = CARRIERS.find((c) => c.numbers.some((re) => re.test(compact)));
  const byLooseNumber = stored ? undefined : CARRIERS.find((c) => c.loose?.some((re) => re.test(compact)));
  const known = named ?? byStoredSite ?? byNumber ?? byLooseNumber;
  if (known) return { carrier: known.name, url: known.url(compact) };
  return { carrier: carrierName?.trim() || (stored ? siteOf(stored) : null), url: stored };
}
