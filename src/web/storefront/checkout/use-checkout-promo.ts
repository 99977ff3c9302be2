// The promo on this checkout and the sidebar's writes: apply a code (a promo, or a gift card or store
// credit applied as a balance), remove the promo, remove the balance. Each write is a mutation: one at
// a time, the promo box waits while one runs, and the totals are repriced after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { applyPromo, type CheckoutPromo, removeBalance } from '../../api/http-api.js';
import { checkoutPromoQuery, checkoutSummaryQuery } from '../../api/queries.js';

export const promoDropped = (code: string) => `Code ${code} does not apply to this order, so it was removed.`;

/** The promo shown on this checkout, and why the server dropped one, if it did. */
export function useCheckoutPromoState() {
  const queryClient = useQueryClient();
  const [promo, setPromoState] = useState<CheckoutPromo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const promoNow = useRef<CheckoutPromo | null>(null);
  /**
   * The bag view above shows the same promo (its crossed-out Subtotal). A code the server drops by
   * itself (another email than the one it was sent to, its uses or date run out) is said, not lost
   * without a word; one the shopper removes is not.
   */
  const setPromo = (next: CheckoutPromo | null, byShopper = false, why?: string) => {
    const before = promoNow.current;
    promoNow.current = next;
    if (next) setNotice(null);
    // The server's reason (e.g. the code was sent to another email) says more than ours.
    else if (why && !byShopper) setNotice(why);
    else if (before && !byShopper) setNotice(promoDropped(before.code));
    setPromoState(next);
    queryClient.setQueryData(checkoutPromoQuery().queryKey, next);
  };
  return { promo, notice, setPromo };
}

type Writes = {
  promo: CheckoutPromo | null;
  setPromo: (next: CheckoutPromo | null, byShopper?: boolean) => void;
  /** Brings the totals and the payment up to date with `promo`. */
  reprice: (promo: CheckoutPromo | null) => Promise<void>;
};

/** The promo box's writes. `busy` while one runs; a second asked meanwhile is not sent. */
export function usePromoWrites({ promo, setPromo, reprice }: Writes) {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const promoChanged = async (next: CheckoutPromo | null) => {
    setPromo(next, true);
    await reprice(next);
  };
  /** true when applied; false or the server's reason when refused (a failed call rejects). */
  const apply = useMutation({
    mutationFn: async (code: string): Promise<boolean | string> => {
      const answer = await applyPromo(code);
      if (!answer.success) return answer.message ?? false;
      await promoChanged(answer.promo);
      return true;
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      await applyPromo('');
      await promoChanged(null);
    },
    // Not removed after all: the sidebar shows what the server has.
    onError: () => void queryClient.invalidateQueries({ queryKey: checkoutSummaryQuery().queryKey }),
  });
  const removeCredit = useMutation({
    mutationFn: async () => {
      try {
        await removeBalance();
      } finally {
        await reprice(promo);
      }
    },
  });

  /** Runs one write unless one is running (a double click sends one). */
  const once = async <T>(write: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await write();
    } finally {
      running.current = false;
    }
  };

  return {
    busy: apply.isPending || remove.isPending || removeCredit.isPending,
    /** null: not sent, another write is running. */
    applyPromo: async (code: string) => (await once(() => apply.mutateAsync(code))) ?? null,
    removePromo: () => once(() => remove.mutateAsync()).catch(() => undefined),
    removeBalance: () => once(() => removeCredit.mutateAsync()).catch(() => undefined),
  };
}
