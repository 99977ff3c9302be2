import { describe, expect, it } from 'vitest';
import {
  describeIssue,
  describeIssues,
  issuesByEntry,
  issuesOfValidation,
  type Issue,
  type ZodProblem,
} from './validation-message.js';

describe('validation messages people can read', () => {
  it.each([
    [
      ['item', 'available_products', 0, 'price'],
      'Invalid input: expected number, received null',
      'Price of product type 1 is required',
      { code: 'invalid_type', expected: 'number', received: 'null' },
    ],
    [
      ['item', 'available_products', 0, 'colors', 0, 'available_sizes', 2, 'stock'],
      'stock cannot be negative',
      'Stock cannot be negative (size 3 of colour 1 of product type 1)',
    ],
    [
      ['item', 'position'],
      'Invalid input: expected int, received number',
      'Position must be a whole number',
      { code: 'invalid_type', expected: 'int', received: 'number' },
    ],
    [['title'], 'title is required', 'Title is required'],
    [['authorName'], 'authorName is required', 'Author name is required'],
    [['shippingInfo', 'email'], 'Invalid email address.', 'Invalid email address.'],
    [
      ['shippingInfo', 'zip'],
      'Too small: expected string to have >=1 characters',
      'Zip is required',
      { code: 'too_small', origin: 'string', minimum: 1, inclusive: true },
    ],
    [
      ['url'],
      'use lowercase letters, digits and single hyphens',
      'URL: use lowercase letters, digits and single hyphens',
    ],
    [['pictures', 0], 'must be an uploaded picture', 'Picture 1: must be an uploaded picture'],
    [
      ['meta_title'],
      'Too big: expected string to have <=160 characters',
      'Meta title must be at most 160 characters',
      { code: 'too_big', origin: 'string', maximum: 160, inclusive: true },
    ],
    [
      ['rating'],
      'Too big: expected number to be <=5',
      'Rating must be at most 5',
      { code: 'too_big', origin: 'number', maximum: 5, inclusive: true },
    ],
    [
      ['promotion_position'],
      'Too small: expected number to be >=0',
      'Promotion position must be at least 0',
      { code: 'too_small', origin: 'number', minimum: 0, inclusive: true },
    ],
    [
      ['type'],
      'Invalid option: expected one of "percentage"|"dollarAmount"',
      'Type must be one of "percentage", "dollarAmount"',
      { code: 'invalid_value', values: ['percentage', 'dollarAmount'] },
    ],
    [[], 'Unrecognized key: "zz"', 'Unrecognized key: "zz"', { code: 'unrecognized_keys' }],
    [
      ['item'],
      'Invalid input: expected object, received undefined',
      'Item is required',
      { code: 'invalid_type', expected: 'object', received: 'undefined' },
    ],
    [['shippingInfo', 'firstName'], 'is not valid text', 'First name is not valid text'],
    [['toString'], 'is not valid text', 'To string is not valid text'],
    [['constructor', 0], 'must not contain NUL characters', 'Constructor 1 must not contain NUL characters'],
  ] as [Issue['path'], string, string, ZodProblem?][])('%j: %s', (path, message, expected, zod) => {
    expect(describeIssue({ path: [...path], message, zod })).toBe(expected);
  });

  // Said from Zod's issue code and details, whatever the words of its message: a German Zod says the same.
  describe("by Zod's issue code", () => {
    const say = (zod: ZodProblem, path: Issue['path'] = ['price']) =>
      describeIssue({ path, message: 'Ungültige Eingabe', zod });
    it.each([
      ['Price is required', { code: 'invalid_type', expected: 'number', received: 'undefined' }],
      ['Price is required', { code: 'invalid_type', expected: 'string', received: 'null' }],
      ['Price must be a number', { code: 'invalid_type', expected: 'number', received: 'string' }],
      ['Price must be a whole number', { code: 'invalid_type', expected: 'int', received: 'number' }],
      ['Price must be a whole number', { code: 'invalid_type', expected: 'int', received: 'string' }],
      ['Price must be text', { code: 'invalid_type', expected: 'string', received: 'number' }],
      ['Price must be yes or no', { code: 'invalid_type', expected: 'boolean', received: 'string' }],
      ['Price must be a list', { code: 'invalid_type', expected: 'array', received: 'object' }],
      ['Price is not in the right form', { code: 'invalid_type', expected: 'object', received: 'array' }],
      ['Price must be a date', { code: 'invalid_type', expected: 'date', received: 'string' }],
      ['Price is required', { code: 'too_small', origin: 'string', minimum: 1, inclusive: true }],
      ['Price must be at least 8 characters', { code: 'too_small', origin: 'string', minimum: 8, inclusive: true }],
      ['Price must be at most 60 characters', { code: 'too_big', origin: 'string', maximum: 60, inclusive: true }],
      ['Price must be at least 0', { code: 'too_small', origin: 'number', minimum: 0, inclusive: true }],
      ['Price must be more than 0', { code: 'too_small', origin: 'number', minimum: 0, inclusive: false }],
      ['Price must be at least -2.5', { code: 'too_small', origin: 'number', minimum: -2.5, inclusive: true }],
      ['Price must be at most 5', { code: 'too_big', origin: 'number', maximum: 5, inclusive: true }],
      ['Price must be less than 5', { code: 'too_big', origin: 'number', maximum: 5, inclusive: false }],
      ['Price needs at least 1 entry', { code: 'too_small', origin: 'array', minimum: 1, inclusive: true }],
      ['Price needs at least 2 entries', { code: 'too_small', origin: 'array', minimum: 2, inclusive: true }],
      ['Price takes at most 10 entries', { code: 'too_big', origin: 'array', maximum: 10, inclusive: true }],
      ['Price must be one of "S", "M", 3, 10n, true', { code: 'invalid_value', values: ['S', 'M', 3, 10n, true] }],
    ] as [string, ZodProblem][])('%s', (expected, zod) => {
      expect(say(zod)).toBe(expected);
    });

    it.each([
      ['a type the forms do not name', { code: 'invalid_type', expected: 'bigint', received: 'string' }],
      ['an exact length', { code: 'too_small', origin: 'string', minimum: 5, inclusive: true, exact: true }],
      ['a date bound', { code: 'too_big', origin: 'date', maximum: 1, inclusive: true }],
      ['a single allowed value', { code: 'invalid_value', values: ['a'] }],
      ['a format', { code: 'invalid_format' }],
      ['a refinement', { code: 'custom' }],
    ] as [string, ZodProblem][])("keeps Zod's message for %s", (_, zod) => {
      expect(say(zod)).toBe('Ungültige Eingabe');
    });

    it("reads no English: without Zod's code, Zod's wording is a message like any other", () => {
      expect(describeIssue({ path: ['price'], message: 'Invalid input: expected number, received null' })).toBe(
        'Invalid input: expected number, received null',
      );
    });
  });

  it("takes Zod's code and details from the validator's entries, only when the message is Zod's own", () => {
    const entry = {
      instancePath: '/item/price',
      message: 'Invalid input: expected number, received null',
      keyword: 'invalid_type',
    };
    const [zodWorded] = issuesOfValidation([
      { ...entry, params: { expected: 'number', received: 'null', zodWording: true } },
    ]);
    expect(zodWorded).toEqual({
      path: ['item', 'price'],
      message: entry.message,
      zod: expect.objectContaining({ code: 'invalid_type', expected: 'number', received: 'null' }),
    });
    const [contractWorded] = issuesOfValidation([
      {
        ...entry,
        message: 'a number is required',
        params: { expected: 'number', received: 'null', zodWording: false },
      },
    ]);
    expect(contractWorded).toEqual({ path: ['item', 'price'], message: 'a number is required' });
    expect(describeIssue(contractWorded!)).toBe('Price: a number is required');
  });

  it('joins several problems once each', () => {
    const issues = [
      {
        path: ['a'],
        message: 'Invalid input: expected number, received null',
        zod: { code: 'invalid_type', expected: 'number', received: 'null' },
      },
      {
        path: ['a'],
        message: 'Invalid input: expected number, received null',
        zod: { code: 'invalid_type', expected: 'number', received: 'null' },
      },
      {
        path: ['b'],
        message: 'Invalid input: expected string, received number',
        zod: { code: 'invalid_type', expected: 'string', received: 'number' },
      },
    ];
    expect(describeIssues(issues)).toBe('A is required; B must be text');
  });

  it("reads Fastify's validation paths", () => {
    expect(
      issuesOfValidation([
        { instancePath: '/item/available_products/0/price', message: 'x' },
        { instancePath: '/', message: 'y' },
      ]),
    ).toEqual([
      { path: ['item', 'available_products', 0, 'price'], message: 'x' },
      { path: [], message: 'y' },
    ]);
  });

  it("groups a list's problems by entry, said from inside it", () => {
    const issues = [
      { path: ['items', 2, 'prices', 0, 'price'], message: 'price cannot be negative' },
      {
        path: ['items', 0, 'position'],
        message: 'Invalid input: expected int, received number',
        zod: { code: 'invalid_type', expected: 'int', received: 'number' },
      },
      { path: ['items', 2, 'prices', 0, 'price'], message: 'price cannot be negative' },
    ];
    expect(issuesByEntry(issues, 'items')).toEqual([
      { index: 0, errors: ['Position must be a whole number'] },
      { index: 2, errors: ['Price cannot be negative (price 1)'] },
    ]);
    expect(issuesByEntry([...issues, { path: ['other'], message: 'x' }], 'items')).toBeNull();
    expect(
      issuesByEntry([{ path: ['items'], message: 'Too small: expected array to have >=1 items' }], 'items'),
    ).toBeNull();
  });
});
