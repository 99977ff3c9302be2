// A back-office action that runs once at a time: a second click (a double click, a click while the
// call is still on its way) is ignored until the first has settled. The ref guards the gap before
// React has re-rendered the button as disabled; `busy` is for that disabled state.
import { useCallback, useRef, useState } from 'react';

export function useOnce(): [busy: boolean, run: <T>(action: () => Promise<T>) => Promise<T | undefined>] {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
