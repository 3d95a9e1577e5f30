/**
 * What an uploaded picture is, by its first bytes: the raster types the server takes (avatars,
 * merchant logos), and the common files it refuses, named for the refusal's message.
 */

/** The picture types an upload may be, by what sharp calls them. */
export type RasterImageType = 'jpeg' | 'png' | 'webp';

function startsWith(bytes: Buffer, signature: string, offset = 0): boolean {
  return bytes.subarray(offset, offset + signature.length).toString('latin1') === signature;
}

/** JPG, PNG or WebP by their signatures; null when the bytes are none of the three. */
export function sniffRasterImageType(bytes: Buffer): RasterImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return null;
}

/** What a refused file is ("GIF 图片", "PDF 文件"), to name it in the message; null when unknown. */
export function describeRefusedFileType(bytes: Buffer): string | null {
  if (startsWith(bytes, 'GIF8')) return 'GIF 图片';
  if (startsWith(bytes, 'BM')) return 'BMP 图片';
  if (startsWith(bytes, '%PDF')) return 'PDF 文件';
  if (startsWith(bytes, 'ftyp', 4)) return 'HEIC/AVIF 图片';
  if (startsWith(bytes, 'II*\0') || startsWith(bytes, 'MM\0*')) return 'TIFF 图片';
  return null;
}
