import {
  FIRST_PAGE_REPLIES_ELEMENT_ID,
  FIRST_PAGE_REPLY_MAX_AGE_MS,
  firstPageReplyKey,
} from '@inkstone/contracts';

/**
 * The answers the page was sent with (docs/website.md, "The first page brings its answers"): the
 * envelopes of the calls a first visit makes before it can draw, written into the page by the
 * server. Each is taken once, by the first call with the same path and body, and only in the
 * page's first FIRST_PAGE_REPLY_MAX_AGE_MS; after that the network is asked.
 */
export interface FirstPageReplies {
  /** The envelope's text for a POST of `sentBody` (the JSON the call sends) to `path`, once. */
  take(path: string, sentBody: unknown): string | undefined;
}

export function createFirstPageReplies(
  /** The page's JSON block, or null when the page has none. */
  read: () => string | null,
  /** Milliseconds since the page started. */
  age: () => number,
): FirstPageReplies {
  let replies: Map<string, string> | null = null;
  function load(): Map<string, string> {
    if (replies) return replies;
    replies = new Map();
    const text = read();
    if (!text) return replies;
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object') {
        for (const [key, envelope] of Object.entries(value as Record<string, unknown>)) {
          if (typeof envelope === 'string') replies.set(key, envelope);
        }
      }
    } catch {
      // A damaged block: the calls go to the network.
    }
    return replies;
  }
  return {
    take(path, sentBody) {
      const all = load();
      if (all.size === 0) return undefined;
      if (age() > FIRST_PAGE_REPLY_MAX_AGE_MS) {
        all.clear();
        return undefined;
      }
      const key = firstPageReplyKey(path, sentBody);
      const text = all.get(key);
      if (text !== undefined) all.delete(key);
      return text;
    },
  };
}

/** This page's answers (none outside a browser). */
export const firstPageReplies = createFirstPageReplies(
  () =>
    typeof document === 'undefined'
      ? null
      : (document.getElementById(FIRST_PAGE_REPLIES_ELEMENT_ID)?.textContent ?? null),
  () => (typeof performance === 'undefined' ? Infinity : performance.now()),
);
