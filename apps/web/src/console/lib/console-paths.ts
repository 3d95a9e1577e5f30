/** A console address to return to after signing in (`/orders?status=2`); anything else is the console's start. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/';
}
