// Number of pieces in the shopper's bag, for the header badge: 0 until the bag has loaded in the
// browser, so the server's markup and the hydrating one agree.
import { pieceCount, useCart } from '../bag/use-cart.js';

export function useBagCount(): number {
  return pieceCount(useCart().lines);
}
