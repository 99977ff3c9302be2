// Number of items in the shopper's bag, for the header badge. The cart feature replaces this with
// a query of GET /getCart; the header already renders whatever it returns.
export function useBagCount(): number {
  return 0;
}
