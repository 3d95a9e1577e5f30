import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  MAX_WORKBOOK_CONTENT_BYTES,
  WORKBOOK_MESSAGES,
  declaredZipContentSize,
  openWorkbook,
} from './workbook-reader.ts';

/** A zip of one stored entry whose central directory declares `declaredSize` bytes. */
function zipDeclaring(declaredSize: number): Buffer {
  const name = Buffer.from('xl/big.xml');
  const data = deflateRawSync(Buffer.alloc(16));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('openWorkbook', () => {
  it('reads the declared content size of a real workbook', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('表').addRow(['联系人']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const declared = declaredZipContentSize(bytes);
    expect(declared).toBeGreaterThan(bytes.length);
    const opened = await openWorkbook(bytes, 'ignored when not encrypted');
    expect(opened.worksheets[0]!.getCell('A1').value).toBe('联系人');
  });

  it('refuses a zip that declares more content than an import may hold, before inflating it', async () => {
    const bomb = zipDeclaring(MAX_WORKBOOK_CONTENT_BYTES + 1);
    expect(declaredZipContentSize(bomb)).toBe(MAX_WORKBOOK_CONTENT_BYTES + 1);
    await expect(openWorkbook(bomb, '')).rejects.toMatchObject({ message: WORKBOOK_MESSAGES.tooLarge });
    await expect(openWorkbook(zipDeclaring(0xffffffff), '')).rejects.toMatchObject({
      message: WORKBOOK_MESSAGES.tooLarge,
    });
  });

  it('refuses what is not a workbook', async () => {
    await expect(openWorkbook(Buffer.from('PK\u0003\u0004 not really'), '')).rejects.toMatchObject({
      message: WORKBOOK_MESSAGES.unreadable,
    });
    await expect(openWorkbook(Buffer.from('%PDF-1.7'), '')).rejects.toMatchObject({
      message: WORKBOOK_MESSAGES.unreadable,
    });
  });
});
