// The shopper's bag as the browser knows it (spec §4): GET /getCart at load, again after every add
// or remove. The server render never knows the session's bag, so the query runs in the browser
// only and "not loaded yet" reads as an empty bag: server and hydration render the same markup.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CartLine } from '../../../contract/cart.js';
import { ApiError, NoAnswer } from '../../api/http-api.js';
import { cartQuery } from '../../api/queries.js';

const IN_BROWSER = typeof window !== 'undefined';
const NO_LINES: CartLine[] = [];

/** `failed`: the bag could not be read (after the query's own retries) and nothing was read before. */
export function useCart(): { lines: CartLine[]; loaded: boolean; failed: boolean; retry: () => void } {
  const { data, isSuccess, isError, isFetching, refetch } = useQuery({ ...cartQuery(), enabled: IN_BROWSER });
  return {
    lines: data ?? NO_LINES,
    loaded: isSuccess,
    failed: isError && !isFetching && data === undefined,
    retry: () => void refetch(),
  };
}

/** Refetches the bag; resolves once the fresh lines are in (a failed refetch does not throw). */
export const refreshCart = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: cartQuery().queryKey });

/** Total pieces in the bag. */
export const pieceCount = (lines: readonly CartLine[]) => lines.reduce((n, line) => n + line.quantity, 0);

/** Σ price × quantity in dollars, summed in cents so 3 × $74.50 is $223.50 exactly. */
export const subtotalOf = (lines: readonly CartLine[]) =>
  lines.reduce((cents, line) => cents + Math.round(line.price * 100) * line.quantity, 0) / 100;

export const lineKey = (line: CartLine) => `${line.url}|${line.product_type}|${line.color}|${line.size}`;

/** A shopper-facing sentence for a failed bag call: the server's own message for a 4xx. */
export function bagErrorMessage(err: unknown): string {
  if (err instanceof NoAnswer) return err.message;
  return err instanceof ApiError && err.status < 500 ? err.message : 'Something went wrong. Please try again.';
}

/**
 * One bag change at a time (plus, minus, remove): while one runs the controls are disabled, and
 * the bag is refetched afterwards whatever the outcome, since the server may have changed it.
 */
export function useBagChange() {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<unknown>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      await change();
      return true;
    } catch (err) {
      setError(bagErrorMessage(err));
      return false;
    } finally {
      await refreshCart(queryClient);
      running.current = false;
      setPending(false);
    }
  };
  return { run, pending, error };
}
