import { describe, expect, it } from 'vitest';
import { markdownText, renderMarkdown } from './markdown.js';

describe('renderMarkdown', () => {
  it('renders headings, lists and links', () => {
    const html = renderMarkdown('## Returns\n\n- 30 days\n- [Start a return](/return-form)');
    expect(html).toContain('<h2>Returns</h2>');
    expect(html).toContain('<li>30 days</li>');
    expect(html).toContain('<a href="/return-form">Start a return</a>');
  });

  it('escapes raw HTML and refuses script links', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('opens outside links in a new tab without an opener', () => {
    expect(renderMarkdown('[ig](https://instagram.com/x)')).toContain('rel="noopener noreferrer" target="_blank"');
  });

  it('gives paths full addresses when the HTML is read away from the shop (an email), and only then', () => {
    const source = 'Shop [the edit](/collections), see [ig](https://instagram.com/x), [protocol-relative](//cdn.example/x).\n\n![Silk](/uploads/silk.jpg)';
    const email = renderMarkdown(source, { baseUrl: 'https://murashki.shop' });
    expect(email).toContain('href="https://murashki.shop/collections"');
    expect(email).toContain('src="https://murashki.shop/uploads/silk.jpg"');
    expect(email).toContain('href="https://instagram.com/x"');
    expect(email).toContain('href="//cdn.example/x"');
    const page = renderMarkdown(source);
    expect(page).toContain('href="/collections"');
    expect(page).toContain('src="/uploads/silk.jpg"');
  });
});

describe('markdownText', () => {
  it('keeps the words and drops the markup, link targets and pictures', () => {
    expect(markdownText('# Hi from LA\n\nShop [the *new* edit](/collections) now.\n\n![pic](/uploads/x.jpg)\n\n- silk\n- lace')).toBe(
      'Hi from LA Shop the new edit now. silk lace',
    );
  });

  it('keeps raw HTML as the words it is (never markup)', () => {
    expect(markdownText('<script>alert(1)</script> <b>bold</b>')).toBe('<script>alert(1)</script> <b>bold</b>');
  });
});
