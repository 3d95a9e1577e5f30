import { describe, expect, it } from 'vitest';
import { escapeHtml, html, sameSitePath, trustedMarkup } from './html.ts';
import { qrCodeSvg } from './qr-code.ts';

/** Markup without the blanks between tags (the templates are laid out for reading). */
const squash = (markup: string) =>
  markup
    .replace(/>\s+</g, '><')
    .replace(/>\s+|\s+</g, (blank) => blank.trim())
    .trim();

describe('html', () => {
  it('escapes every value, in text and in attributes', () => {
    const hostile = `<script>alert('x')</script> & "quoted"`;
    expect(html`<td title="${hostile}">${hostile}</td>`.markup).toBe(
      '<td title="&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;">' +
        '&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;</td>',
    );
  });

  it('keeps markup made by the tag, joins lists and leaves out nothing-values', () => {
    const items = ['<a>', 'b'].map((text) => html`<li>${text}</li>`);
    const list = html`<ul>
      ${items}${null}${undefined}${false}${0}
    </ul>`;
    expect(squash(list.markup)).toBe('<ul><li>&lt;a&gt;</li><li>b</li>0</ul>');
    expect(html`${trustedMarkup('<svg/>')}`.markup).toBe('<svg/>');
  });

  it('escapes the five characters and nothing else', () => {
    expect(escapeHtml(`&<>"'墨砚`)).toBe('&amp;&lt;&gt;&quot;&#39;墨砚');
  });

  it('takes only this site’s paths for images', () => {
    expect(sameSitePath('/api/thumbnails/1?expires=2&sign=x')).toBe('/api/thumbnails/1?expires=2&sign=x');
    for (const link of [
      '//evil.example/x.png',
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
    ]) {
      expect(sameSitePath(link)).toBeNull();
    }
  });
});

describe('qrCodeSvg', () => {
  it('draws the code from its modules, with the text only as an escaped label', async () => {
    const svg = (await qrCodeSvg('2026<1>')).markup;
    expect(squash(svg)).toMatch(/^<svg\s+xmlns="http:\/\/www.w3.org\/2000\/svg"\s+viewBox="0 0 23 23"/);
    expect(svg).toContain('aria-label="2026&lt;1&gt;"');
    expect(svg).toMatch(/<path d="(M\d+ \d+h1v1h-1z)+" fill="#000"\s*\/>/);
  });
});
