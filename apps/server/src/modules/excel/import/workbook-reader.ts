/**
 * Opens an uploaded workbook for an import (docs/excel.md "Import"): an .xlsx as it is, or one
 * encrypted with Excel's "encrypt with password" (an OLE container holding the encrypted package)
 * decrypted with the password by officecrypto-tool, on a thread of its own (decrypt-thread.ts).
 * Legacy .xls workbooks (BIFF, also OLE) are refused with a message naming .xlsx: no maintained
 * reader of them is published on npm. Before the zip is opened its declared content size is
 * checked, so a small file that inflates to gigabytes is refused instead of filling memory.
 */
import type ExcelJS from 'exceljs';
import { AppError } from '../../../lib/app-error.ts';
import { decryptOnThread } from './decrypt-thread.ts';

/** Largest uncompressed content an imported workbook may declare. */
export const MAX_WORKBOOK_CONTENT_BYTES = 50 * 1024 * 1024;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const WORKBOOK_MESSAGES = {
  passwordRequired: '此文件已设置打开密码，请在“文件密码”中填写密码后再导入',
  wrongPassword: '文件密码错误，请检查后重新输入',
  unsupportedEncryption: '无法解密此文件（不支持的加密方式），请在 Excel 中取消密码后再导入',
  legacyXls: '暂不支持 Excel 97-2003 工作簿（.xls），请在 Excel 中“另存为” Excel 工作簿（.xlsx）后再导入',
  unreadable: '无法读取此文件，请确认它是 Excel 工作簿（.xlsx）',
  tooLarge: `文件内容过大（解压后超过 ${MAX_WORKBOOK_CONTENT_BYTES / 1024 / 1024} MB），请分批导入`,
} as const;

const refuse = (message: string) => new AppError('ValidationFailed', message);

const startsWith = (bytes: Buffer, magic: Buffer) =>
  bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);

/**
 * The uncompressed size a zip declares for all its entries (from its central directory), or null
 * when the directory cannot be read. ZIP64 sizes count as too large.
 */
export function declaredZipContentSize(bytes: Buffer): number | null {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

/** The decrypted package of an encrypted workbook; an OLE file that is not encrypted is a legacy .xls. */
async function decryptOle(bytes: Buffer, password: string): Promise<Buffer> {
  const { default: officeCrypto } = await import('officecrypto-tool');
  let isEncrypted: boolean;
  try {
    isEncrypted = officeCrypto.isEncrypted(bytes);
  } catch {
    throw refuse(WORKBOOK_MESSAGES.unreadable);
  }
  if (!isEncrypted) throw refuse(WORKBOOK_MESSAGES.legacyXls);
  if (password === '') throw refuse(WORKBOOK_MESSAGES.passwordRequired);
  try {
    return await decryptOnThread(bytes, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password is incorrect/i.test(message)) throw refuse(WORKBOOK_MESSAGES.wrongPassword);
    if (/unsupported|unrecognized|not supported/i.test(message)) {
      throw refuse(WORKBOOK_MESSAGES.unsupportedEncryption);
    }
    throw refuse(WORKBOOK_MESSAGES.unreadable);
  }
}

/**
 * The workbook in `bytes`, decrypted with `password` when it is encrypted (a password given for a
 * workbook that is not encrypted is ignored).
 * @throws AppError ValidationFailed with the Chinese reason (WORKBOOK_MESSAGES).
 */
export async function openWorkbook(bytes: Buffer, password: string): Promise<ExcelJS.Workbook> {
  let content = bytes;
  if (startsWith(content, OLE_MAGIC)) {
    content = await decryptOle(content, password);
    // An encrypted .xls decrypts to a .xls.
    if (startsWith(content, OLE_MAGIC)) throw refuse(WORKBOOK_MESSAGES.legacyXls);
  }
  if (!startsWith(content, ZIP_MAGIC)) throw refuse(WORKBOOK_MESSAGES.unreadable);
  const declared = declaredZipContentSize(content);
  if (declared === null) throw refuse(WORKBOOK_MESSAGES.unreadable);
  if (declared > MAX_WORKBOOK_CONTENT_BYTES) throw refuse(WORKBOOK_MESSAGES.tooLarge);
  // Loaded with the first import, not with the server (docs/performance.md).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw refuse(WORKBOOK_MESSAGES.unreadable);
  }
  return workbook;
}
