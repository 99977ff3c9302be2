// The one way the back office saves: a call run once at a time (a double click, a click while the
// call is on its way: ignored until it settles; the ref covers the gap before React re-renders the
// button as disabled), `pending` for the button's disabled/'Saving…' state, the lists it changes
// reloaded before it counts as done, and its failure as `error` for the panel's <PanelError>
// (role=alert, next to what failed). A few failures the spec or its journeys answer with the
// browser's own alert say so with `errorIn: 'browser alert'`; that alert lives here only.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { messageOf } from '../admin-api.js';

type AdminMutation<V, R> = {
  call: (vars: V) => Promise<R>;
  /** The queries the save changes (or, from its answer, did change): reloaded, and awaited, after it succeeds. */
  invalidates?: readonly QueryKey[] | ((answer: R) => readonly QueryKey[]);
  onSuccess?: (answer: R, vars: V) => unknown;
  onError?: (err: unknown, vars: V) => unknown;
  /**
   * Where a failure is told: 'panel' (default) gives it as `error`; 'browser alert' raises the
   * browser's alert (spec §8 upload and label failures, and refusals the journeys answer that way).
   */
  errorIn?: 'panel' | 'browser alert';
};

/** The browser's alert: only where the spec asks for one (see errorIn). */
export function browserAlert(message: string) {
  window.alert(message);
}

export function useAdminMutation<V = void, R = unknown>({
  call,
  invalidates = [],
  onSuccess,
  onError,
  errorIn = 'panel',
}: AdminMutation<V, R>) {
  const client = useQueryClient();
  const running = useRef(false);
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: async (answer: R, vars: V) => {
      const changed = typeof invalidates === 'function' ? invalidates(answer) : invalidates;
      await Promise.all(changed.map((queryKey) => client.invalidateQueries({ queryKey })));
      await onSuccess?.(answer, vars);
    },
    onError: async (err: unknown, vars: V) => {
      await onError?.(err, vars);
      if (errorIn === 'browser alert') browserAlert(messageOf(err));
    },
  });
  const { mutateAsync, reset } = mutation;

  /** Runs the save unless one is on its way; the answer, or undefined when it failed or was ignored. */
  const run = useCallback(
    async (vars: V): Promise<R | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      try {
        return await mutateAsync(vars);
      } catch {
        return undefined; // told through `error` or the browser alert
      } finally {
        running.current = false;
      }
    },
    [mutateAsync],
  );

  return {
    run,
    pending: mutation.isPending,
    error: errorIn === 'panel' && mutation.error ? messageOf(mutation.error) : null,
    /** Clears the last failure (the owner changed what failed). */
    reset,
  };
}
