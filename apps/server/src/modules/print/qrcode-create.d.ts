// The server's declaration of `qrcode` (payments/qrcode.d.ts) covers toDataURL; these add the
// encoder the print pages draw their own SVG from.
declare module 'qrcode' {
  export interface QRCodeSymbol {
    modules: { size: number; get(row: number, column: number): number };
  }
  export function create(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): QRCodeSymbol;
}
