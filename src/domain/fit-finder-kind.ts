// Which measurements a product's fit finder asks (issue 27): apart from the rules (fit-finder.ts) so
// the product page's first load carries only this.

export type FitKind = 'bra' | 'panties';

/**
 * A bra-like product type (bra, bralette, bandeau …) asks the bra's measurements, a brief-like one
 * (brief, thong, tanga, knicker, panty, garter belt …) the panties'; otherwise the item's category
 * decides ('bras', 'pantiesandgarters'); anything else (clothing) has no fit finder.
 */
export function fitKindFor(
  category: string | null | undefined,
  productType: string | null | undefined,
): FitKind | null {
  const type = (productType ?? '').toLowerCase();
  if (/\b(bra|bralette|bandeau|bustier|balconette|plunge)s?\b/.test(type)) return 'bra';
  if (/\b(brief|thong|tanga|knicker|panty|panties|garter|suspender|hipster|boyshort|cheeky)s?\b/.test(type)) {
    return 'panties';
  }
  if (category === 'bras') return 'bra';
  if (category === 'pantiesandgarters') return 'panties';
  return null;
}
