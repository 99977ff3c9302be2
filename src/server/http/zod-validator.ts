// The routes' Zod validator: fastify-type-provider-zod's, with each issue as an entry that carries
// what the answer's sentence needs (src/contract/zod-entry.ts, shared with the browser's form checks).
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { entryOf } from '../../contract/zod-entry.js';

export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    return result.error ? { error: result.error.issues.map(entryOf) as never } : { value: result.data };
  };
