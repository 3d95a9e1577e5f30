/**
 * Opens a window of its own for a print page (spec §4: the HTML reply opened in a new window),
 * writes the page into it and asks the browser to print it once its pictures have loaded. The
 * page carries its own Content-Security-Policy and no script; the window also keeps this site's
 * policy. Returns false when the browser blocked the window.
 */
export function openPrintWindow(html: string, target: Window = window): boolean {
  const printWindow = target.open('', '_blank');
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
