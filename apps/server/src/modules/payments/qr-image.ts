import QRCode from 'qrcode';

/** A QR code of `content` as a PNG data URL (`data:image/png;base64,…`), 240 px, medium correction. */
export async function renderQrPng(content: string): Promise<string> {
  return QRCode.toDataURL(content, { errorCorrectionLevel: 'M', margin: 1, width: 240, type: 'image/png' });
}
