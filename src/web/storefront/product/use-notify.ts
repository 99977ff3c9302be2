// The back-in-stock request of the product page (spec §4): choosing a sold-out size, or 'Get notified'
// when the whole item is sold out, opens the notify modal for it; closing it clears the request.
import { useCallback, useState } from 'react';
import type { Selection } from '../bag/use-add-to-bag.js';

/** The chosen style and colour; the size is the sold-out one picked, or null from 'Get notified'. */
export type NotifyRequest = Omit<Selection, 'size' | 'sizeIndex'> & {
  size: string | null;
  sizeIndex: number | null;
  /** A set's piece whose size is sold out ('Brief', issue 27 item 4). */
  piece?: string;
};

export type Notify = {
  /** The open request, null while the modal is closed. */
  request: NotifyRequest | null;
  /** True once a request was made: the modal's code is loaded from then on (it stays for its closing animation). */
  opened: boolean;
  onSoldOutSize(request: NotifyRequest): void;
  close(): void;
};

export function useNotify(): Notify {
  const [request, setRequest] = useState<NotifyRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const onSoldOutSize = useCallback((next: NotifyRequest) => {
    setOpened(true);
    setRequest(next);
  }, []);
  const close = useCallback(() => setRequest(null), []);
  return { request, opened, onSoldOutSize, close };
}
