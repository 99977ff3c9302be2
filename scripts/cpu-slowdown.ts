// Lighthouse's simulated throttling multiplies the CPU time it observes on the host by
// `cpuSlowdownMultiplier` (4 in the mobile preset). That 4 stands for a mid-tier phone only on a host
// Lighthouse's benchmark rates about 1,533 (`lhr.environment.benchmarkIndex`); on a slower host the
// same page scores lower. Lighthouse's docs/throttling.md ("Calibrating the CPU slowdown") leaves the
// right number to its CPU throttling calculator, whose curve this is.

/** The calculator's slowdown for a host's benchmarkIndex: 150 is 1x, 800 is 2x, 1300 is 3x, 1533 is 4x, each 233 above 1300 one more. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) {
    throw new RangeError(
      `benchmarkIndex ${benchmarkIndex}: this host is too slow to stand for Lighthouse's target phone`,
    );
  }
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(slowdown * 10) / 10;
}

/** The middle of an odd number of benchmarkIndex readings (one per audited page). */
export function medianOf(values: number[]): number {
  if (!values.length) throw new RangeError('no benchmarkIndex readings');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
