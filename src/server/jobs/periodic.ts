// Runs a background pass every `intervalMs` (after the previous pass ends), until stopped. A failed
// pass is logged and the next one runs on time; stop() waits for a pass in progress.
export type Periodic = { start(): void; stop(): Promise<void> };

export function periodic(pass: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void): Periodic {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  }
  async function tick() {
    try {
      running = pass();
      await running;
    } catch (err) {
      onError(err);
    } finally {
      running = undefined;
      schedule(intervalMs);
    }
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
