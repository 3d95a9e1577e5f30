/**
 * Prepares sanitised HTML from the server (docs/website.md, Rich text) for the page. The server
 * keeps only an allow-list of tags and attributes; this adds what the page needs whatever an older
 * row holds: every picture loads lazily and decodes off the main thread, every link to another site
 * opens in a new tab without access to this one. Parsing happens in an inert document (DOMParser:
 * no script runs, no picture loads), so nothing is fetched before the page shows the result.
 */
export function prepareRichText(html: string): string {
  if (!html.trim() || typeof DOMParser === 'undefined') return html;
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const image of document.body.querySelectorAll('img')) {
    image.setAttribute('loading', 'lazy');
    image.setAttribute('decoding', 'async');
  }
  for (const anchor of document.body.querySelectorAll('a[href]')) {
    if (isOtherSite(anchor.getAttribute('href') ?? '')) {
      anchor.setAttribute('target', '_blank');
      anchor.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return document.body.innerHTML;
}

/** An absolute http(s) address (another site); relative addresses are this site's. */
export function isOtherSite(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}

/** A path of this site the router can open in place (`/help/3`, `/about#contact`), else null. */
export function sitePathOf(href: string): string | null {
  const value = href.trim();
  return /^\/(?![/\\])/.test(value) ? value : null;
}
