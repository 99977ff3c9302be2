// Between the inline entry loader (entry-loader.ts) and the entry (entry-client.tsx), kept apart from
// the loader so the entry's bundle does not carry the loader's text.

/** Dispatched on the document by the entry right before it starts hydrating: from then on React holds and replays early taps itself. */
export const ENTRY_HYDRATING_EVENT = 'shop:hydrating';
