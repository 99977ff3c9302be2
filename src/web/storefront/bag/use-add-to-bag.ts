// "Add to bag" for the product page and the tile's quick add: POST /addToCart with the selection,
// refetch the bag, then open the bag panel (spec §4). A refused add (e.g. 'This size is sold out')
// rejects with the ApiError, whose message the caller shows next to its button (see bagErrorMessage).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Selection } from '../../../contract/cart.js';
import { addToCart } from '../../api/http-api.js';
import { useShell } from '../shell/shell-context.js';
import { refreshCart } from './use-cart.js';

export type { Selection };

export function useAddToBag({ openBag = true }: { openBag?: boolean } = {}): (selection: Selection) => Promise<void> {
  const { openBag: open } = useShell();
  const queryClient = useQueryClient();
  return useCallback(
    async (selection: Selection) => {
      await addToCart([selection]);
      await refreshCart(queryClient);
      if (openBag) open();
    },
    [open, openBag, queryClient],
  );
}
