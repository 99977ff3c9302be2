// The shopper's bag as the browser knows it (spec §4): GET /getCart at load, again after every add
// or remove. The server render never knows the session's bag, so the query runs in the browser
// only and "not loaded yet" reads as an empty bag: server and hydration render the same markup.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CartLine } from '../../../contract/cart.js';
import { ApiError, NoAnswer } from '../../api/http-api.js';
import { bagWriteMutation, cartQuery } from '../../api/queries.js';

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

/**
 * A shopper-facing sentence for a failed bag or checkout write: the server's own message for a 4xx,
 * the lost connection said as such, else `fallback`.
 */
export function bagErrorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof NoAnswer) return err.message;
  return err instanceof ApiError && err.status < 500 ? err.message : fallback;
}

/**
 * One bag change at a time (plus, minus, remove, CHECKOUT): while one runs the controls are disabled
 * (`pending`), the bag is refetched afterwards whatever the outcome, since the server may have changed
 * it, and a refusal is said (`error`, the server's words for a 4xx). A change asked for while one runs
 * is not sent. `run` resolves to whether the change went through.
 */
export function useBagChange() {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const write = useMutation(bagWriteMutation(queryClient));
  const run = async (change: () => Promise<unknown>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    try {
      await write.mutateAsync(change);
      return true;
    } catch {
      return false;
    } finally {
      running.current = false;
    }
  };
  return { run, pending: write.isPending, error: write.error ? bagErrorMessage(write.error) : null };
}
