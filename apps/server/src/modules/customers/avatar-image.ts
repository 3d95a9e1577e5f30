import { createHash } from 'node:crypto';
import { AVATAR_SIZE_PX } from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import { describeRefusedFileType, sniffRasterImageType } from '../../lib/raster-image-type.ts';

/**
 * The largest picture decoded, in pixels (a 40-megapixel photo): a small file may still unpack
 * into gigabytes (a "decompression bomb"), so larger ones are refused before decoding.
 */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;

/** The avatar the server stores: a 256×256 WebP and its SHA-256 (hex). */
export interface AvatarImage {
  webp: Buffer;
  sha256: string;
}

/** What a refused file looks like, to name it in the message ("所选文件是 GIF 图片"). */
function describeOtherType(bytes: Buffer): string | null {
  const other = describeRefusedFileType(bytes);
  if (other) return other;
  const head = bytes.subarray(0, 256).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'SVG 图片';
  return null;
}

const NOT_AN_IMAGE = '所选文件不是有效的 JPG、PNG 或 WebP 图片（文件已损坏或不是图片），请换一张图片作为头像';

/**
 * Checks that `bytes` really are a JPG, PNG or WebP picture by decoding them, and makes the
 * avatar: turned upright by its EXIF orientation, the largest centred square cut out, scaled to
 * 256×256 and encoded as WebP. Anything else is refused with a Chinese message saying what is
 * wrong (UploadTypeNotAllowed, UploadTooLarge, ValidationFailed); nothing is kept of it.
 */
export async function makeAvatarImage(bytes: Buffer): Promise<AvatarImage> {
  if (bytes.length === 0) throw new AppError('ValidationFailed', '头像图片是空文件，请重新选择');
  const type = sniffRasterImageType(bytes);
  if (!type) {
    const other = describeOtherType(bytes);
    throw new AppError(
      'UploadTypeNotAllowed',
      other ? `所选文件是 ${other}，头像只支持 JPG、PNG 或 WebP 图片` : NOT_AN_IMAGE,
    );
  }
  const options = { failOn: 'error', limitInputPixels: AVATAR_MAX_INPUT_PIXELS } as const;
  // sharp is loaded on the first avatar, not with the server (docs/performance.md).
  const { default: sharp } = await import('sharp');
  let webp: Buffer;
  try {
    const metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (metadata.format !== type) throw new Error(`format ${metadata.format} behind a ${type} signature`);
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > AVATAR_MAX_INPUT_PIXELS) {
      throw new AppError(
        'UploadTooLarge',
        `图片尺寸过大（${metadata.width}×${metadata.height} 像素），头像图片请不要超过 4000 万像素`,
      );
    }
    webp = await sharp(bytes, options)
      .autoOrient()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UploadTypeNotAllowed', NOT_AN_IMAGE);
  }
  return { webp, sha256: createHash('sha256').update(webp).digest('hex') };
}
