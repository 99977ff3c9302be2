// The shape of every error answer: { error, message, requestId } (and issues for invalid input), the
// status from the error's kind; anything unforeseen is logged and answered as a plain 500.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeIssues, issuesOfValidation, publicIssues } from '../../domain/validation-message.js';
import { AppError, isDatabaseUnreachable, TooManyRequests, Unavailable } from './errors.js';
import { InvalidText } from './valid-text.js';

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = issuesOfValidation(error.validation);
    return reply
      .code(400)
      .send({ error: 'invalid', message: describeIssues(issues), issues: publicIssues(issues), requestId: request.id });
  }
  if (error instanceof AppError) {
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    const issues = error instanceof InvalidText ? { issues: error.issues } : {};
    return reply
      .code(error.statusCode)
      .send({ error: error.code, message: error.message, ...issues, requestId: request.id });
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, wrong content type).
    return reply.code(status).send({
      error: (error as { code?: string }).code ?? 'bad_request',
      message: (error as Error).message,
      requestId: request.id,
    });
  }
  if (isDatabaseUnreachable(error)) {
    // The database is away (restart, failover, network): a clear 503 the shopper can retry.
    request.log.warn({ err: error }, 'database unreachable');
    const unavailable = new Unavailable();
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ error: unavailable.code, message: unavailable.message, requestId: request.id });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .code(500)
    .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.', requestId: request.id });
}

export const notFoundHandler = (request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({
    error: 'not_found',
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    requestId: request.id,
  });
