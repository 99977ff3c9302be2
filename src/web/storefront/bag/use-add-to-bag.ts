// Where "add to bag" plugs in. The product page and the tile's quick add call this hook with the
// shopper's selection (spec §3 "Selection per option"); the bag and checkout issue implements the
// call to the server. Until then it only opens the bag panel, as adding will.
import { useCallback } from 'react';
import { useShell } from '../shell/shell-context.js';

export type Selection = {
  url: string;
  product_type: string;
  product_name: string;
  color: string;
  colorIndex: number;
  size: string;
  sizeIndex: number;
  isSoldOut: boolean;
};

export function useAddToBag(): (selection: Selection) => Promise<void> {
  const shell = useShell();
  return useCallback(
    async (_selection: Selection) => {
      shell.openBag();
    },
    [shell],
  );
}
