import { createHash } from 'node:crypto';
import { EDITOR_IMAGE_MAX_SIDE_PX, EDITOR_IMAGE_THUMB_SIDE_PX } from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import { describeRefusedFileType, sniffRasterImageType } from '../../lib/raster-image-type.ts';

/** The largest picture decoded, in pixels: a small file may still unpack into gigabytes. */
export const EDITOR_IMAGE_MAX_INPUT_PIXELS = 40_000_000;

/** A picture of the rich-text editor as stored: WebP within 1600 px, and its thumbnail. */
export interface EditorImageFiles {
  webp: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  sha256: string;
}

/** What a kind of stored picture takes, and how its refusals name it. */
export interface PictureRules {
  /** GIF is taken too (its first frame is kept). */
  acceptsGif: boolean;
  /** The start of the refusal of another type: `编辑器只能插入`. */
  refusedAs: string;
}

/** The rich-text editor's pictures: JPG, PNG or WebP. */
export const EDITOR_PICTURE_RULES: PictureRules = { acceptsGif: false, refusedAs: '编辑器只能插入' };

/** Product pictures (docs/catalog.md): JPG, PNG, WebP or GIF. */
export const PRODUCT_PICTURE_RULES: PictureRules = { acceptsGif: true, refusedAs: '商品图片只能是' };

const typesOf = (rules: PictureRules) => (rules.acceptsGif ? 'JPG、PNG、WebP 或 GIF' : 'JPG、PNG 或 WebP');

const isGif = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'GIF8';

/**
 * Checks by their first bytes and by decoding that `bytes` are a JPG, PNG or WebP picture (or a
 * GIF, when `rules` take it: its first frame is kept), and
 * makes what is stored: turned upright, scaled down (never up) into 1600×1600, WebP; and a
 * thumbnail for the server-file picker. Anything else is refused with a Chinese message naming
 * what it is; nothing is kept of it. Re-encoding also drops whatever else the file carried
 * (metadata, a script appended behind the picture).
 */
export async function makeEditorImage(
  bytes: Buffer,
  rules: PictureRules = EDITOR_PICTURE_RULES,
): Promise<EditorImageFiles> {
  if (bytes.length === 0) throw new AppError('ValidationFailed', '图片是空文件，请重新选择');
  const NOT_AN_IMAGE = `所选文件不是有效的 ${typesOf(rules)} 图片（文件已损坏或不是图片），请换一张图片`;
  const type = sniffRasterImageType(bytes) ?? (rules.acceptsGif && isGif(bytes) ? 'gif' : null);
  if (!type) {
    const other = describeRefusedFileType(bytes);
    throw new AppError(
      'UploadTypeNotAllowed',
      other ? `所选文件是 ${other}，${rules.refusedAs} ${typesOf(rules)} 图片` : NOT_AN_IMAGE,
    );
  }
  const options = { failOn: 'error', limitInputPixels: EDITOR_IMAGE_MAX_INPUT_PIXELS } as const;
  const { default: sharp } = await import('sharp');
  try {
    const metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (metadata.format !== type) throw new Error(`format ${metadata.format} behind a ${type} signature`);
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > EDITOR_IMAGE_MAX_INPUT_PIXELS) {
      throw new AppError(
        'UploadTooLarge',
        `图片尺寸过大（${metadata.width}×${metadata.height} 像素），请不要超过 4000 万像素`,
      );
    }
    const side = EDITOR_IMAGE_MAX_SIDE_PX;
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = EDITOR_IMAGE_THUMB_SIDE_PX;
    const thumbnail = await sharp(data)
      .resize(thumb, thumb, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      webp: data,
      thumbnail,
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UploadTypeNotAllowed', NOT_AN_IMAGE);
  }
}

/** The addresses a stored picture is served at, on the merchant's own host. */
export const editorImageUrl = (sha256: string): string => `/api/site-images/${sha256}.webp`;
export const editorThumbnailUrl = (sha256: string): string => `/api/site-images/${sha256}.thumb.webp`;

/** The name an upload is listed under: its last path segment, without control characters, ≤ 200. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean || '图片').slice(0, 200);
}
