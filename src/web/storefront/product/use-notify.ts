// Where the back-in-stock modal plugs in (spec §4: choosing a sold-out size, or 'Get notified' when the
// whole item is sold out). The notify issue renders its modal from `request` and clears it on close;
// until then a request is only remembered, and the product page keeps the sold-out size unselected.
import { useCallback, useState } from 'react';
import type { Selection } from '../bag/use-add-to-bag.js';

/** The chosen style and colour; the size is the sold-out one picked, or null from 'Get notified'. */
export type NotifyRequest = Omit<Selection, 'size' | 'sizeIndex'> & { size: string | null; sizeIndex: number | null };

export type Notify = {
  /** The open request, null while the modal is closed. */
  request: NotifyRequest | null;
  onSoldOutSize(request: NotifyRequest): void;
  close(): void;
};

export function useNotify(): Notify {
  const [request, setRequest] = useState<NotifyRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  return { request, onSoldOutSize: setRequest, close };
}
