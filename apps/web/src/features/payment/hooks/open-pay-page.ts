/** Opens a gateway's page in this tab (the payer comes back to the pay page afterwards). */
export function openPayPage(url: string): void {
  window.location.assign(url);
}
