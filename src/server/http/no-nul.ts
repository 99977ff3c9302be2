// PostgreSQL text and jsonb cannot hold U+0000: a request that carries it in its query, path or
// JSON body is refused with a 400 before any handler runs, rather than failing in the database.
import type { FastifyRequest } from 'fastify';
import { Invalid } from './errors.js';

const MAX_DEPTH = 64;

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

export async function rejectNulCharacters(request: FastifyRequest) {
  if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
    throw new Invalid('Text must not contain NUL characters');
  }
}
