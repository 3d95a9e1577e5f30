import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@inkstone/contracts';

/** What the file picker offers: the three picture types an avatar may be. */
export const AVATAR_ACCEPT = [...AVATAR_MIME_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/**
 * Why a chosen file cannot be an avatar, before it is sent, or null when it may: the same
 * words as the server's (which decodes it and has the last word).
 */
export function avatarFileProblem(file: { name: string; type: string; size: number }): string | null {
  const isKnownType = (AVATAR_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const hasPictureName = /\.(jpe?g|png|webp)$/i.test(file.name);
  if (!isKnownType && !(file.type === '' && hasPictureName)) return '头像只支持 JPG、PNG 或 WebP 图片';
  if (file.size === 0) return '头像图片是空文件，请重新选择';
  if (file.size > AVATAR_MAX_BYTES) return '头像图片不能超过 5 MB，请换一张较小的图片';
  return null;
}
