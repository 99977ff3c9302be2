// Group commit: writes that arrive while the database is busy with earlier ones are applied
// together, in one transaction, instead of one transaction each. Nothing waits on a timer: the
// first write starts a batch at once (after the I/O callbacks of this turn, so writes that arrived
// together go together); the writes that queue while it runs form the next batch. A write answers
// only after its batch committed, so each caller sees exactly what a transaction of its own gives.
//
// `apply` settles each write of the batch on its own (a refused write does not refuse the others).
// If the whole batch fails (a lost connection, a deadlock), its writes are applied again one by one,
// so a write that breaks the batch fails alone. Writes with the same key never share a batch: they
// are applied in the order they came, each seeing the one before it committed.

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

type Waiting<Op, R> = { op: Op; resolve: (value: R) => void; reject: (error: unknown) => void };

export type GroupCommitOptions<Op> = {
  /** The most writes one transaction takes. */
  maxBatch?: number;
  /** Writes with the same key go in separate batches, in their order. */
  keyOf?: (op: Op) => string | undefined;
};

export function groupCommit<Op, R>(
  apply: (ops: Op[]) => Promise<Settled<R>[]>,
  { maxBatch = 64, keyOf }: GroupCommitOptions<Op> = {},
) {
  let queue: Waiting<Op, R>[] = [];
  let running = false;

  /** The next batch: the oldest writes, at most one per key, up to maxBatch; the rest stay queued in order. */
  function nextBatch(): Waiting<Op, R>[] {
    const batch: Waiting<Op, R>[] = [];
    const rest: Waiting<Op, R>[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = keyOf?.(waiting.op);
      if (batch.length < maxBatch && (key === undefined || !keys.has(key))) {
        batch.push(waiting);
        if (key !== undefined) keys.add(key);
      } else {
        rest.push(waiting);
      }
    }
    queue = rest;
    return batch;
  }

  async function run(batch: Waiting<Op, R>[]): Promise<void> {
    let outcomes: Settled<R>[];
    try {
      outcomes = await apply(batch.map((w) => w.op));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) await run([waiting]);
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome ? outcome.error : new Error('group commit: no outcome for a write'));
    });
  }

  // run() never throws: every write of a batch is settled either way.
  async function drain() {
    while (queue.length > 0) await run(nextBatch());
    running = false;
  }

  return function write(op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      queue.push({ op, resolve, reject });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
  };
}
