/**
 * Opens a window of its own for a printed page (staff PrintOrders), writes the page into it and
 * asks the browser to print it once its pictures have loaded — as the customer site's print does
 * (features/print). The page carries its own Content-Security-Policy and no script. Returns false
 * when the browser blocked the window.
 */
export function openPrintWindow(html: string): boolean {
  const printWindow = window.open('', '_blank');
  if (!printWindow) return false;
  const { document } = printWindow;
  document.open();
  document.write(html);
  document.close();
  printWindow.focus();
  const print = () => printWindow.print();
  if (document.readyState === 'complete') setTimeout(print, 0);
  else printWindow.addEventListener('load', print, { once: true });
  return true;
}
