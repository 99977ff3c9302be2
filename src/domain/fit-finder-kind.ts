// Which measurements a product's fit finder asks (issue 27): apart from the rules (fit-finder.ts) so
// the product page's first load carries only this.

export type FitKind = 'bra' | 'panties';

/**
 * The product type first: bra-like (bra, bralette, bandeau, bustier) asks the bra's measurements,
 * brief-like (brief, thong, tanga, knicker, panty, garter or suspender belt) the panties'; else the
 * item's category ('bras', 'pantiesandgarters'); anything else (clothing) has no fit finder.
 */
export function fitKindFor(
  category: string | null | undefined,
  productType: string | null | undefined,
): FitKind | null {
  const type = productType ?? '';
  if (/bra|bandeau|bustier/i.test(type)) return 'bra';
  if (/brief|thong|tanga|knicker|pant|garter|suspender/i.test(type)) return 'panties';
  return category === 'bras' ? 'bra' : category === 'pantiesandgarters' ? 'panties' : null;
}
