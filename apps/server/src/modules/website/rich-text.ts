/**
 * The one sanitiser of the site's rich text (help articles, rich-text home items), an allow-list
 * over sanitize-html (docs/website.md, "Rich text"). Text is sanitised when it is stored and
 * again when it is sent, so a row written past the service (an import, a hand edit) still
 * reaches a browser clean.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { isAbsoluteHttpUrl, isSafeUrl } from '../../lib/safe-url.ts';

let sanitizer: typeof SanitizeHtml | undefined;

/**
 * sanitize-html, loaded on the first rich text sanitised rather than with the server (about
 * 2 MB resident with htmlparser2, docs/performance.md): most servers start and idle without
 * one. Loaded with `require` so that the readers stay synchronous.
 */
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return sanitizer(html, options);
}

/** Tags kept; any other tag is dropped and its text kept (the content of NON_TEXT_TAGS goes too). */
const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'strong',
  'em',
  'sub',
  'sup',
  'a',
  'img',
];

/** Tags dropped with everything inside them. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'head',
];

/** Attributes kept per tag; every other attribute (on*, style, class, id …) is dropped. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

const PIXELS = /^\d{1,4}$/;
const SPAN = /^\d{1,2}$/;

/** The attributes of a tag kept only when they pass `check`. */
function keepValid(attribs: Record<string, string>, checks: Record<string, RegExp>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    const check = checks[name];
    if (!check || check.test(value)) kept[name] = value;
  }
  return kept;
}

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: NON_TEXT_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    h1: 'h2',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept: Record<string, string> = { rel: 'noopener noreferrer' };
      if (isSafeUrl(href)) {
        kept.href = href;
        if (isAbsoluteHttpUrl(href)) kept.target = '_blank';
      }
      if (attribs.title) kept.title = attribs.title;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const kept = keepValid(
        {
          alt: attribs.alt ?? '',
          ...(attribs.width ? { width: attribs.width } : {}),
          ...(attribs.height ? { height: attribs.height } : {}),
        },
        { width: PIXELS, height: PIXELS },
      );
      return {
        tagName,
        attribs: isSafeUrl(src) ? { src, ...kept, loading: 'lazy', decoding: 'async' } : {},
      };
    },
    td: (tagName, attribs) => ({ tagName, attribs: keepValid(attribs, { colspan: SPAN, rowspan: SPAN }) }),
    th: (tagName, attribs) => ({
      tagName,
      attribs: keepValid(attribs, { colspan: SPAN, rowspan: SPAN, scope: /^(?:row|col)$/ }),
    }),
  },
  // An image left without a source (a data: or javascript: one) is no image at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** `html` with only the allow-list's tags, attributes and addresses left (docs/website.md). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The text of (sanitised) HTML without markup, blanks collapsed: what the help search reads. */
export function richTextToPlain(html: string): string {
  const text = sanitizeHtml(html.replace(/<(?:br|\/p|\/h\d|\/li|\/td|\/th|\/tr)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: NON_TEXT_TAGS,
  });
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
