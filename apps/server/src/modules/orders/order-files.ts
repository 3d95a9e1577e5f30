/**
 * Artwork for order lines: the customer's own files (docs/uploads.md `resolveOwned`), each with a
 * preflight report for the line's finished size, kept with the order as it was when attached.
 * Preflight reads the file, so this runs before the transaction that stores the rows.
 */
import type { Insertable } from 'kysely';
import type { PreflightReport } from '@inkstone/contracts';
import type { OrderFileTable } from '../../db/schema.ts';
import type { UploadsModule } from '../uploads/index.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/** Files for one line, and the size they are checked against. */
export interface LineArtwork {
  lineId: number;
  fileIds: readonly number[];
  finishedSize: { widthMm: number; heightMm: number; bleedMm: number } | null;
}

/** Order file rows without the order id (set when the order exists). */
export type PreparedOrderFile = Omit<Insertable<OrderFileTable>, 'order_id'>;

/** A report for a file whose preflight could not run: a person checks it. */
function uncheckedReport(fileId: number, name: string): PreflightReport {
  return {
    FileId: fileId,
    OrgFileName: name,
    Kind: 'other',
    Level: 'unknown',
    Summary: '文件暂时无法自动检查，将由审稿人员人工检查',
    FinishedSize: null,
    Pdf: null,
    Image: null,
    Checks: [{ Code: 'file.not-checked', Level: 'info', Message: '自动预检未能完成，审稿时人工检查' }],
  };
}

/**
 * Resolves every file (FileNotFound when one is not the customer's live file) and preflights it
 * against its line's finished size.
 */
export async function prepareOrderFiles(
  uploads: UploadsModule,
  owner: CustomerScope,
  artwork: readonly LineArtwork[],
  now: number,
): Promise<PreparedOrderFile[]> {
  const prepared: PreparedOrderFile[] = [];
  for (const line of artwork) {
    for (const fileId of new Set(line.fileIds)) {
      const { file, blob } = await uploads.files.resolveOwned(owner, fileId);
      let report: PreflightReport;
      try {
        report = await uploads.files.preflight(owner, {
          id: fileId,
          ...(line.finishedSize
            ? {
                width: line.finishedSize.widthMm,
                height: line.finishedSize.heightMm,
                bleed: line.finishedSize.bleedMm,
              }
            : { bleed: 3 }),
        });
      } catch {
        report = uncheckedReport(file.id, file.org_file_name);
      }
      prepared.push({
        merchant_id: owner.merchantId,
        line_id: line.lineId,
        server_file_id: file.id,
        org_file_name: file.org_file_name,
        file_ext: file.file_ext,
        file_size: blob.size,
        md5: blob.md5,
        preflight_level: report.Level,
        preflight_json: JSON.stringify(report),
        created_at: now,
      });
    }
  }
  return prepared;
}
