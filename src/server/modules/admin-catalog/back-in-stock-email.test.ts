import { describe, expect, it } from 'vitest';
import { backInStockEmail, emailPictureUrl } from './back-in-stock-email.js';

const shop = { name: 'Murashki', publicUrl: 'https://shop.example/', supportEmail: 'care@shop.example' };
const piece = {
  title: 'Lace "Plunge" <Bra>',
  url: 'lace-plunge-bra',
  productName: 'Bra',
  color: 'Black',
  size: 'M',
  priceCents: 7450,
  picture: '/uploads/pictures/abc.jpg',
};

describe('the back-in-stock email', () => {
  it('escapes what people typed and links the piece, its picture and the unsubscribe page', () => {
    const { subject, html, text } = backInStockEmail(piece, 'a'.repeat(24), shop);
    expect(subject).toBe('Back in stock: Lace "Plunge" <Bra>');
    expect(html).toContain('Lace &quot;Plunge&quot; &lt;Bra&gt;');
    expect(html).not.toContain('<Bra>');
    expect(html).toContain('src="https://shop.example/uploads/pictures/abc-preview.jpg"');
    expect(html).toContain('href="https://shop.example/product/lace-plunge-bra"');
    expect(html).toContain(`href="https://shop.example/unsubscribe/${'a'.repeat(24)}"`);
    expect(html).toContain('$74.50');
    expect(text).toContain('Lace "Plunge" <Bra> — $74.50');
    expect(text).toContain(`Unsubscribe: https://shop.example/unsubscribe/${'a'.repeat(24)}`);
  });

  it('shows no picture it cannot: none, a video, a strange scheme', () => {
    expect(emailPictureUrl(null, 'https://s')).toBeNull();
    expect(emailPictureUrl('/uploads/pictures/a.mp4', 'https://s')).toBeNull();
    expect(emailPictureUrl('javascript:alert(1)', 'https://s')).toBeNull();
    expect(emailPictureUrl('https://cdn.example/p.jpg', 'https://s')).toBe('https://cdn.example/p-preview.jpg');
    const { html } = backInStockEmail({ ...piece, picture: null }, 'b'.repeat(24), shop);
    expect(html).not.toContain('<img');
  });
});
