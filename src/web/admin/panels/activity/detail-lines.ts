// An entry's detail as lines a person reads ('price: 108 → 118') instead of JSON: changes first
// (before → after), then what the entry names (ids, amounts, codes).

const MAX = 120;

/** A value in a few words: text as it is, lists and objects as short JSON, cut to a readable length. */
export function shown(value: unknown): string {
  const text =
    value === null || value === undefined
      ? '—'
      : typeof value === 'string'
        ? value === ''
          ? '(empty)'
          : value
        : JSON.stringify(value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v;

/** Words for a key: camelCase and snake_case split ('trackingNumber' → 'tracking number'). */
export const wordsOf = (key: string) =>
  key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

export type DetailLine = { label: string; value: string };

export function detailLines(detail: Record<string, unknown>): DetailLine[] {
  const lines: DetailLine[] = [];
  const { changes, fields: _fields, ...rest } = detail;
  if (changes && typeof changes === 'object') {
    for (const [key, value] of Object.entries(changes as Record<string, unknown>)) {
      if (isChange(value)) {
        lines.push({ label: wordsOf(key), value: `${shown(value.from)} → ${shown(value.to)}` });
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        // An item's availability: what moved, by kind (prices, sizes added, stock, …).
        for (const [what, list] of Object.entries(value as Record<string, unknown>)) {
          for (const one of Array.isArray(list) ? list : [list]) {
            if (one && typeof one === 'object' && isChange(one)) {
              const { from, to, ...where } = one as Record<string, unknown>;
              lines.push({
                label: `${wordsOf(what)} (${Object.values(where).map(shown).join(', ')})`,
                value: `${shown(from)} → ${shown(to)}`,
              });
            } else {
              lines.push({
                label: wordsOf(what),
                value: one && typeof one === 'object' ? Object.values(one).map(shown).join(', ') : shown(one),
              });
            }
          }
        }
      } else lines.push({ label: wordsOf(key), value: shown(value) });
    }
  }
  for (const [key, value] of Object.entries(rest)) lines.push({ label: wordsOf(key), value: shown(value) });
  return lines;
}
