import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ShopSettings, ShopSettingsSchema } from '../../../../contract/settings.js';
import { draftOf, errorsWithin, freeKey, moved, settingsOf } from './settings-draft.js';

const defaults = () => structuredClone(DEFAULT_SETTINGS) as unknown as ShopSettings;

describe('the Settings draft', () => {
  it('round-trips the settings through text amounts', () => {
    expect(settingsOf(draftOf(defaults()))).toEqual(defaults());
  });

  it("turns what the owner typed into numbers, an empty or wrong amount into the schema's message", () => {
    const draft = draftOf(defaults());
    draft.shipping.options[0]!.price = ' 7.50 ';
    draft.shipping.freeShippingUs = '';
    draft.tax.overrides = [{ place: 'ny', ratePercent: 'eight' }];
    const settings = settingsOf(draft);
    expect(settings.shipping.options[0]!.price).toBe(7.5);
    const issues = ShopSettingsSchema.safeParse(settings).error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['shipping.freeShippingUs', 'The US free-shipping threshold must be a number']);
    expect(issues).toContainEqual(['tax.overrides.0.ratePercent', 'The rate must be a number']);
  });

  it("gives each section its own issues, by path from inside it, the section's own under ''", () => {
    expect(
      errorsWithin(
        {
          'shipping.options.0.price': 'The price cannot be negative',
          'shipping.options': 'Add an option for US addresses (US or both)',
          'shop.name': 'The shop name is required',
        },
        'shipping',
      ),
    ).toEqual({
      'options.0.price': 'The price cannot be negative',
      options: 'Add an option for US addresses (US or both)',
    });
    expect(errorsWithin({ tax: 'x' }, 'tax')).toEqual({ '': 'x' });
  });

  it('finds a free key for a new option and moves options up and down', () => {
    expect(freeKey([{ type: 'standard' }])).toBe('option');
    expect(freeKey([{ type: 'option' }, { type: 'option-2' }])).toBe('option-3');
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
