// A back-office list loaded when its panel opens and again after each change: the list (null while
// the first load runs), the last load's error message, and reload.
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../admin-api.js';

export function useAdminList<T>(load: () => Promise<T[]>) {
  const [list, setList] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setList(await load());
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, [load]);
  useEffect(() => void reload(), [reload]);
  return { list, error, reload };
}
