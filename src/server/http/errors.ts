// Typed errors with a stable code; the one error handler in app.ts maps them to HTTP answers.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string) {
    super(400, 'invalid', message);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in') {
    super(401, 'unauthorized', message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Not allowed') {
    super(403, 'forbidden', message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests, please try again in a minute') {
    super(429, 'rate_limited', message);
  }
}
export class Unavailable extends AppError {
  constructor(message = 'The shop is briefly unavailable, please try again in a moment') {
    super(503, 'unavailable', message);
  }
}
