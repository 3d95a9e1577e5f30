import { printCalls, type CallInput } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** What a print asks for: order sheets or delivery notes of some orders, or a statement of the bill. */
export type PrintRequest = CallInput<typeof printCalls.post_print_html>;

/** POST /api/v1/post_print_html: the printable page as HTML text (a refusal toasts as any call's does). */
export function postPrintHtml(body: PrintRequest): Promise<string> {
  return api.call(printCalls.post_print_html, body, { responseType: 'text' });
}
