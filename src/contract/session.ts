import { z } from 'zod';

/** GET /token — the answer is unused by the spec's client except `newSession`, which starts the promo timer. */
export const TokenAnswerSchema = z.object({ newSession: z.boolean() });
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;
