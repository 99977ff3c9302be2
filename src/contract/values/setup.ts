// The set-up checklist's steps (issue 26 #1), in the order the owner sees them. Zod-free.
export const SETUP_STEP_KEYS = ['shop', 'category', 'item', 'home', 'shipping', 'payments', 'email'] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

/** Where the environment variables are described (the payments and email steps are set there, not in the back office). */
export const ENV_DOCS = 'docs/operations.md';
