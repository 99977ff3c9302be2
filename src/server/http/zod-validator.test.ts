import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, issuesOfValidation, type ValidationEntry } from '../../domain/validation-message.js';
import { validatorCompiler } from './zod-validator.js';

const Item = z.object({
  item: z.object({
    title: z.string().trim().min(1).max(5),
    code: z.string().min(3).optional(),
    price: z.number().min(0),
    discount: z.number().gt(0).lt(1).optional(),
    rating: z.number().max(5).optional(),
    position: z.int(),
    published: z.boolean(),
    pictures: z.array(z.string()).min(1).max(2),
    type: z.enum(['percentage', 'dollarAmount']),
  }),
  promoCode: z.string().trim().min(1, 'Please enter the promo code').optional(),
  password: z.string().min(8).optional(),
  pin: z.union([z.string().length(4), z.number().int()]).optional(),
});

const ok = { title: 'Slip', price: 10, position: 1, published: true, pictures: ['/uploads/a.jpg'], type: 'percentage' };

function entries(data: unknown): ValidationEntry[] {
  const validate = validatorCompiler({ schema: Item, method: 'POST', url: '/x', httpPart: 'body' }) as (
    data: unknown,
  ) => { error?: ValidationEntry[] };
  return validate(data).error ?? [];
}
const said = (data: unknown) => describeIssues(issuesOfValidation(entries(data)));

const cases: [string, unknown, string][] = [
  ['a missing object', {}, 'Item is required'],
  ['a missing field', { item: { ...ok, price: undefined } }, 'Price is required'],
  ['a null field', { item: { ...ok, price: null } }, 'Price is required'],
  ['text for a number', { item: { ...ok, price: '10' } }, 'Price must be a number'],
  ['a fraction for a whole number', { item: { ...ok, position: 1.5 } }, 'Position must be a whole number'],
  ['a number for text', { item: { ...ok, title: 5 } }, 'Title must be text'],
  ['text for yes or no', { item: { ...ok, published: 'yes' } }, 'Published must be yes or no'],
  ['an object for a list', { item: { ...ok, pictures: {} } }, 'Pictures must be a list'],
  ['a list for an object', { item: [] }, 'Item is not in the right form'],
  ['empty text', { item: { ...ok, title: '  ' } }, 'Title is required'],
  ['text too short', { item: { ...ok, code: 'ab' } }, 'Code must be at least 3 characters'],
  ['text too long', { item: { ...ok, title: 'Camisole' } }, 'Title must be at most 5 characters'],
  ['a number below', { item: { ...ok, price: -1 } }, 'Price must be at least 0'],
  ['a number at an open bound', { item: { ...ok, discount: 0 } }, 'Discount must be more than 0'],
  ['a number at an open top', { item: { ...ok, discount: 1 } }, 'Discount must be less than 1'],
  ['a number above', { item: { ...ok, rating: 6 } }, 'Rating must be at most 5'],
  ['an empty list', { item: { ...ok, pictures: [] } }, 'Pictures needs at least 1 entry'],
  ['a long list', { item: { ...ok, pictures: ['a', 'b', 'c'] } }, 'Pictures takes at most 2 entries'],
  ['an unknown option', { item: { ...ok, type: 'free' } }, 'Type must be one of "percentage", "dollarAmount"'],
  ['a wrong entry of a list', { item: { ...ok, pictures: ['a', 7] } }, 'Picture 2 must be text'],
];

describe("the routes' Zod validator", () => {
  afterEach(() => {
    z.config(z.locales.en());
  });

  it.each(cases)('says %s by its issue code', (_, data, expected) => {
    expect(said(data)).toBe(expected);
  });

  // The sentence follows from Zod's issue code, not from its English: another locale says the same.
  it.each(cases)('says %s the same with Zod speaking German', (_, data, expected) => {
    z.config(z.locales.de());
    expect(entries(data)[0]?.message).not.toMatch(/^(Invalid|Too)/);
    expect(said(data)).toBe(expected);
  });

  it("keeps a message the contract wrote, though Zod's code for it would say 'is required'", () => {
    expect(said({ item: ok, promoCode: ' ' })).toBe('Please enter the promo code');
  });

  it('keeps no refused input in the error, only its kind', () => {
    const found = entries({ item: { ...ok, price: 'secret-price' }, password: 'hunter2', pin: '12345' });
    expect(found).toHaveLength(3);
    expect(JSON.stringify(found)).not.toMatch(/hunter2|secret-price|12345/);
    expect(found.find((e) => e.instancePath === '/item/price')?.params).toMatchObject({
      expected: 'number',
      received: 'string',
      zodWording: true,
    });
  });

  it('answers the parsed value when nothing is wrong', () => {
    const validate = validatorCompiler({ schema: Item, method: 'POST', url: '/x', httpPart: 'body' }) as (
      data: unknown,
    ) => { value?: unknown };
    expect(validate({ item: { ...ok, title: ' Slip ' } }).value).toEqual({ item: { ...ok, title: 'Slip' } });
  });
});
