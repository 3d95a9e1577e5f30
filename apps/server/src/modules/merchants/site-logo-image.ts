import { createHash } from 'node:crypto';
import { SITE_LOGO_MAX_HEIGHT_PX, SITE_LOGO_MAX_WIDTH_PX } from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import { describeRefusedFileType, sniffRasterImageType } from '../../lib/raster-image-type.ts';

/** The largest picture decoded, in pixels: a small file may still unpack into gigabytes. */
export const SITE_LOGO_MAX_INPUT_PIXELS = 40_000_000;

/** The logo the server stores: a WebP inside 480×160, its size and SHA-256 (hex). */
export interface SiteLogoImage {
  webp: Buffer;
  width: number;
  height: number;
  sha256: string;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<svg') || ((head.startsWith('<?xml') || head.startsWith('<!')) && head.includes('<svg'))
  );
}

const NOT_AN_IMAGE =
  '所选文件不是有效的 JPG、PNG 或 WebP 图片（文件已损坏或不是图片），请换一张图片作为 Logo';

/**
 * Checks that `bytes` really are a JPG, PNG or WebP picture by decoding them, and makes the logo:
 * turned upright, scaled down (never up) to fit 480×160 with its proportions kept, transparency
 * kept, encoded as WebP. SVG is refused (a drawing may carry scripts and links; a raster picture
 * prints the same everywhere). Anything else is refused with a Chinese message saying what is
 * wrong; nothing is kept of it.
 */
export async function makeSiteLogoImage(bytes: Buffer): Promise<SiteLogoImage> {
  if (bytes.length === 0) throw new AppError('ValidationFailed', 'Logo 图片是空文件，请重新选择');
  const type = sniffRasterImageType(bytes);
  if (!type) {
    if (looksLikeSvg(bytes)) {
      throw new AppError(
        'UploadTypeNotAllowed',
        '不支持 SVG 格式的 Logo，请导出为 PNG（可带透明背景）、JPG 或 WebP 图片后再上传',
      );
    }
    const other = describeRefusedFileType(bytes);
    throw new AppError(
      'UploadTypeNotAllowed',
      other ? `所选文件是 ${other}，Logo 只支持 JPG、PNG 或 WebP 图片` : NOT_AN_IMAGE,
    );
  }
  const options = { failOn: 'error', limitInputPixels: SITE_LOGO_MAX_INPUT_PIXELS } as const;
  // sharp is loaded on the first logo, not with the server (docs/performance.md).
  const { default: sharp } = await import('sharp');
  try {
    const metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (metadata.format !== type) throw new Error(`format ${metadata.format} behind a ${type} signature`);
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > SITE_LOGO_MAX_INPUT_PIXELS) {
      throw new AppError(
        'UploadTooLarge',
        `图片尺寸过大（${metadata.width}×${metadata.height} 像素），Logo 图片请不要超过 4000 万像素`,
      );
    }
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize(SITE_LOGO_MAX_WIDTH_PX, SITE_LOGO_MAX_HEIGHT_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    return {
      webp: data,
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UploadTypeNotAllowed', NOT_AN_IMAGE);
  }
}

/** The URL the logo `sha256` is served at, on the merchant's own host. */
export const siteLogoUrl = (sha256: string | null): string | null =>
  sha256 ? `/api/site-logo/${sha256}.webp` : null;
