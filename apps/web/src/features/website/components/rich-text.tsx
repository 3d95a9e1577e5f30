import { useMemo } from 'react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { prepareRichText, sitePathOf } from '../utils/rich-text.ts';

export interface RichTextProps {
  /** HTML the server sanitised with its allow-list (help articles, notices, rich-text groups). */
  html: string;
  className?: string;
}

/**
 * The one place the site puts server HTML into the page (lint refuses `dangerouslySetInnerHTML`
 * anywhere else). The server sanitises it when stored and again when sent; here pictures are made
 * lazy and links to other sites open in a new tab, and a link to a page of this site opens in
 * place through the router instead of reloading the app.
 */
export function RichText({ html, className }: RichTextProps) {
  const navigate = useNavigate();
  const prepared = useMemo(() => prepareRichText(html), [html]);

  function openSiteLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a[href]');
    if (!anchor || anchor.getAttribute('target') === '_blank') return;
    const path = sitePathOf(anchor.getAttribute('href') ?? '');
    if (!path) return;
    event.preventDefault();
    void navigate(path);
  }

  return (
    // Only clicks on links inside are handled; the links themselves take the keyboard (Enter
    // on a link is a click), so nothing here needs a key handler.
    <div
      className={`ink-rich-text${className ? ` ${className}` : ''}`}
      onClick={openSiteLink}
      dangerouslySetInnerHTML={{ __html: prepared }}
    />
  );
}
