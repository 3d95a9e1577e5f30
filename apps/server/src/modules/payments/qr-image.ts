/** A QR code of `content` as a PNG data URL (`data:image/png;base64,…`), 240 px, medium correction. */
export async function renderQrPng(content: string): Promise<string> {
  // Loaded with the first QR code, not with the server (docs/performance.md).
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(content, { errorCorrectionLevel: 'M', margin: 1, width: 240, type: 'image/png' });
}
