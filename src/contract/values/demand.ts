// The Demand tab (issue 28 #3), Zod-free for the back office's first chunk; the schemas are in ../demand.ts.

/** Rows each list answers at most; `total` says how many there are. */
export const DEMAND_LIST_LIMIT = 100;
