import { describe, expect, it } from 'vitest';
import { groupCommit, type Settled } from './group-commit.js';

type Op = { key?: string; n: number };

/** An apply that records each batch and answers n * 10, refusing odd n when asked to. */
function recorder({ refuseOdd = false, failBatchesOver = Infinity } = {}) {
  const batches: number[][] = [];
  const apply = async (ops: Op[]): Promise<Settled<number>[]> => {
    batches.push(ops.map((o) => o.n));
    await new Promise((r) => setTimeout(r, 5));
    if (ops.length > failBatchesOver) throw new Error('batch broke');
    return ops.map((o) =>
      refuseOdd && o.n % 2 ? { ok: false, error: new Error(`refused ${o.n}`) } : { ok: true, value: o.n * 10 },
    );
  };
  return { batches, apply };
}

describe('groupCommit', () => {
  it('applies writes that arrive together in one batch, and those that queue meanwhile in the next', async () => {
    const { batches, apply } = recorder();
    const write = groupCommit(apply);
    const first = [1, 2, 3].map((n) => write({ n }));
    await new Promise((r) => setTimeout(r, 1)); // the first batch is running
    const second = [4, 5].map((n) => write({ n }));
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('settles each write on its own: a refused write does not refuse the others', async () => {
    const { apply } = recorder({ refuseOdd: true });
    const write = groupCommit(apply);
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => write({ n })));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'refused 1',
      20,
      'refused 3',
      40,
    ]);
  });

  it('keeps writes with the same key in separate batches, in their order', async () => {
    const { batches, apply } = recorder();
    const write = groupCommit(apply, { keyOf: (o) => o.key });
    await Promise.all([
      write({ key: 'a', n: 1 }),
      write({ key: 'a', n: 2 }),
      write({ key: 'b', n: 3 }),
      write({ n: 4 }),
      write({ n: 5 }),
    ]);
    expect(batches).toEqual([[1, 3, 4, 5], [2]]);
  });

  it('takes at most maxBatch writes at a time', async () => {
    const { batches, apply } = recorder();
    const write = groupCommit(apply, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => write({ n })));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('applies the writes of a batch that failed as a whole again one by one', async () => {
    const { batches, apply } = recorder({ failBatchesOver: 1 });
    const write = groupCommit(apply);
    expect(await Promise.all([1, 2, 3].map((n) => write({ n })))).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('fails a lone write whose batch fails, and keeps working afterwards', async () => {
    let broken = true;
    const write = groupCommit(async (ops: Op[]) => {
      if (broken) throw new Error('database down');
      return ops.map((o) => ({ ok: true as const, value: o.n }));
    });
    await expect(write({ n: 1 })).rejects.toThrow('database down');
    broken = false;
    expect(await write({ n: 2 })).toBe(2);
  });
});
