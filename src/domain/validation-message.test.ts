import { describe, expect, it } from 'vitest';
import { describeIssue, describeIssues, issuesByEntry, issuesOfValidation } from './validation-message.js';

describe('validation messages people can read', () => {
  it.each([
    [['item', 'available_products', 0, 'price'], 'Invalid input: expected number, received null', 'Price of product type 1 is required'],
    [['item', 'available_products', 0, 'colors', 0, 'available_sizes', 2, 'stock'], 'stock cannot be negative', 'Stock cannot be negative (size 3 of colour 1 of product type 1)'],
    [['item', 'position'], 'Invalid input: expected int, received number', 'Position must be a whole number'],
    [['title'], 'title is required', 'Title is required'],
    [['authorName'], 'authorName is required', 'Author name is required'],
    [['shippingInfo', 'email'], 'Invalid email address.', 'Invalid email address.'],
    [['shippingInfo', 'zip'], 'Too small: expected string to have >=1 characters', 'Zip is required'],
    [['url'], 'use lowercase letters, digits and single hyphens', 'URL: use lowercase letters, digits and single hyphens'],
    [['pictures', 0], 'must be an uploaded picture', 'Picture 1: must be an uploaded picture'],
    [['meta_title'], 'Too big: expected string to have <=160 characters', 'Meta title must be at most 160 characters'],
    [['rating'], 'Too big: expected number to be <=5', 'Rating must be at most 5'],
    [['promotion_position'], 'Too small: expected number to be >=0', 'Promotion position must be at least 0'],
    [['type'], 'Invalid option: expected one of "percentage"|"dollarAmount"', 'Type must be one of "percentage", "dollarAmount"'],
    [[], 'Unrecognized key: "zz"', 'Unrecognized key: "zz"'],
    [['item'], 'Invalid input: expected object, received undefined', 'Item is required'],
    [['shippingInfo', 'firstName'], 'is not valid text', 'First name is not valid text'],
    [['toString'], 'is not valid text', 'To string is not valid text'],
    [['constructor', 0], 'must not contain NUL characters', 'Constructor 1 must not contain NUL characters'],
  ] as const)('%j: %s', (path, message, expected) => {
    expect(describeIssue({ path: [...path], message })).toBe(expected);
  });

  it('joins several problems once each', () => {
    const issues = [
      { path: ['a'], message: 'Invalid input: expected number, received null' },
      { path: ['a'], message: 'Invalid input: expected number, received null' },
      { path: ['b'], message: 'Invalid input: expected string, received number' },
    ];
    expect(describeIssues(issues)).toBe('A is required; B must be text');
  });

  it("reads Fastify's validation paths", () => {
    expect(issuesOfValidation([{ instancePath: '/item/available_products/0/price', message: 'x' }, { instancePath: '/', message: 'y' }])).toEqual([
      { path: ['item', 'available_products', 0, 'price'], message: 'x' },
      { path: [], message: 'y' },
    ]);
  });

  it("groups a list's problems by entry, said from inside it", () => {
    const issues = [
      { path: ['items', 2, 'prices', 0, 'price'], message: 'price cannot be negative' },
      { path: ['items', 0, 'position'], message: 'Invalid input: expected int, received number' },
      { path: ['items', 2, 'prices', 0, 'price'], message: 'price cannot be negative' },
    ];
    expect(issuesByEntry(issues, 'items')).toEqual([
      { index: 0, errors: ['Position must be a whole number'] },
      { index: 2, errors: ['Price cannot be negative (price 1)'] },
    ]);
    expect(issuesByEntry([...issues, { path: ['other'], message: 'x' }], 'items')).toBeNull();
    expect(issuesByEntry([{ path: ['items'], message: 'Too small: expected array to have >=1 items' }], 'items')).toBeNull();
  });
});
