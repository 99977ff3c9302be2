import { describe, expect, it } from 'vitest';
import { css } from './css.js';
import { EmailFrame, emailLayout } from './layout.js';
import { renderEmail } from './render.js';

const frame = {
  title: 'T',
  preheader: 'P',
  publicUrl: 'https://murashki.example',
  supportEmail: 'care@murashki.example',
  shopName: 'Murashki',
};

describe('renderEmail', () => {
  it('prints a whole document with Outlook’s conditional comments, without React’s image preloads', () => {
    const html = renderEmail(
      <EmailFrame {...frame}>
        <img src="https://murashki.example/a.jpg" alt="" />
      </EmailFrame>,
    );
    expect(html).toMatch(/^<!DOCTYPE html>\n<html /);
    expect(html).toContain('<!--[if mso]><table role="presentation" width="600"');
    expect(html).toContain('<!--[if mso]></td></tr></table><![endif]-->');
    expect(html).toContain('<o:PixelsPerInch>96</o:PixelsPerInch>');
    expect(html).not.toContain('outlook-part');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<img src="https://murashki.example/a.jpg"');
  });

  it('cannot be made to print an Outlook comment by text', () => {
    const html = emailLayout({ ...frame, title: '<outlook-part data-part="head"></outlook-part>', bodyHtml: '' });
    expect(html.match(/<o:PixelsPerInch>/g)).toHaveLength(1);
  });
});

describe('css', () => {
  it('gives React the names that print back as the CSS written, vendor and Outlook properties too', () => {
    expect(css('-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;mso-hide:all;font-size:1px;')).toEqual({
      WebkitTextSizeAdjust: '100%',
      msTextSizeAdjust: '100%',
      msoHide: 'all',
      fontSize: '1px',
    });
    const html = renderEmail(<p style={css('-ms-text-size-adjust:100%;mso-line-height-rule:exactly;')}>x</p>);
    expect(html).toContain('style="-ms-text-size-adjust:100%;mso-line-height-rule:exactly"');
  });
});
