// The version of a bag as a screen showed it (issue 24 item 1): the same lines, quantities and
// prices give the same version on the server and in the browser, so a checkout can prove it pays
// for what the shopper saw. Pure and synchronous (FNV-1a, two seeds) so both sides share it.

/** What of a line the shopper sees and pays for. */
export type VersionedLine = {
  url: string;
  product_type: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
};

function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Independent of the lines' order; prices count in cents so 74.5 and 74.50 agree. */
export function bagVersion(lines: readonly VersionedLine[]): string {
  const canonical = lines
    .map((l) => [l.url, l.product_type, l.color, l.size, l.quantity, Math.round(l.price * 100)].join('\u0001'))
    .sort()
    .join('\u0002');
  return `v1.${lines.length}.${fnv1a(canonical, 0x811c9dc5)}${fnv1a(canonical, 0x12345678)}`;
}

export type BagChange = {
  kind: 'added' | 'removed' | 'quantity' | 'price';
  line: VersionedLine & { title?: string };
  before?: number;
};

/** What changed between the lines a screen showed and the bag now, line by line. */
export function bagChanges<L extends VersionedLine & { title?: string }>(
  before: readonly L[],
  after: readonly L[],
): BagChange[] {
  const key = (l: VersionedLine) => [l.url, l.product_type, l.color, l.size].join('\u0001');
  const old = new Map(before.map((l) => [key(l), l]));
  const now = new Map(after.map((l) => [key(l), l]));
  const changes: BagChange[] = [];
  for (const [k, l] of now) {
    const was = old.get(k);
    if (!was) changes.push({ kind: 'added', line: l });
    else if (was.quantity !== l.quantity) changes.push({ kind: 'quantity', line: l, before: was.quantity });
    else if (Math.round(was.price * 100) !== Math.round(l.price * 100))
      changes.push({ kind: 'price', line: l, before: was.price });
  }
  for (const [k, l] of old) if (!now.has(k)) changes.push({ kind: 'removed', line: l });
  return changes;
}
