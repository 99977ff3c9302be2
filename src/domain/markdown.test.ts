import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

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
});
