import { describe, expect, it } from 'vitest';
import { markdownPlainText, markdownText, renderMarkdown } from './markdown.js';

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
    const source =
      'Shop [the edit](/collections), see [ig](https://instagram.com/x), [protocol-relative](//cdn.example/x).\n\n![Silk](/uploads/silk.jpg)';
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
    expect(
      markdownText(
        '# Hi from LA\n\nShop [the *new* edit](/collections) now.\n\n![pic](/uploads/x.jpg)\n\n- silk\n- lace',
      ),
    ).toBe('Hi from LA Shop the new edit now. silk lace');
  });

  it('keeps raw HTML as the words it is (never markup)', () => {
    expect(markdownText('<script>alert(1)</script> <b>bold</b>')).toBe('<script>alert(1)</script> <b>bold</b>');
  });
});

describe("markdownPlainText (an email's text part, issue 24 item 24)", () => {
  it('reads as plain text: no markdown marks, links as text (address), shop paths as full addresses', () => {
    const source = [
      '# Silk, *softly*',
      '',
      'Our **new** silk pieces are _here_. [Shop now](/collections) or see https://murashki.example/faq.',
      '',
      '![Silk slip](/uploads/silk.jpg)',
      '',
      '- silk',
      '- **lace**',
      '',
      '1. wash',
      '2. dry',
      '',
      '> A quote',
      '',
      'Write to [hello@murashki.shop](mailto:hello@murashki.shop).',
    ].join('\n');
    expect(markdownPlainText(source, { baseUrl: 'https://shop.test' })).toBe(
      [
        'Silk, softly',
        '',
        'Our new silk pieces are here. Shop now (https://shop.test/collections) or see https://murashki.example/faq.',
        '',
        'Silk slip (https://shop.test/uploads/silk.jpg)',
        '',
        '- silk\n- lace',
        '',
        '1. wash\n2. dry',
        '',
        '> A quote',
        '',
        'Write to hello@murashki.shop.',
      ].join('\n'),
    );
  });

  it('leaves what markdown refused (a javascript: link, raw HTML) as the owner typed it: inert text', () => {
    expect(markdownPlainText('[x](javascript:alert(1)) <b>bold</b> **strong**')).toBe(
      '[x](javascript:alert(1)) <b>bold</b> strong',
    );
  });
});
