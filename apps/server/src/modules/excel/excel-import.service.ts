/**
 * Excel import (spec §7 post_import_excel; docs/excel.md "Import"): a workbook the customer
 * uploaded (upload type 4), decrypted with its password when encrypted, read row by row and
 * checked whole before anything is stored — addresses through the addresses module, batch orders
 * through the cart, which prices every row as addorderitem does. All or nothing: any problem
 * refuses the whole file with the problems named by sheet, row and column; the error report lists
 * them all as a workbook. Each type has a template workbook.
 */
import { Readable } from 'node:stream';
import {
  UPLOAD_TYPE_RULES,
  UploadType,
  importReportFileName,
  importTemplateFileName,
  type ImportExcelBody,
  type ImportExcelResult,
  type ImportExcelTemplateBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { addDeliveryAddresses } from '../addresses/index.ts';
import { addPricedCartLines, priceLine, type CartService, type PricedCartItem } from '../cart/index.ts';
import { toQuoteSelection, type CatalogSnapshot } from '../products/index.ts';
import type { ServerFileService } from '../uploads/index.ts';
import { readAddressRows } from './import/address-rows.ts';
import { BATCH_ORDER_MAX_ROWS, readBatchOrderRows, type BatchOrderRow } from './import/batch-order-rows.ts';
import { problemsWorkbook, templateWorkbook } from './import/import-workbooks.ts';
import { readSheet, summariseProblems, type ImportProblem, type SheetTable } from './import/sheet-table.ts';
import { openWorkbook } from './import/workbook-reader.ts';

export interface ExcelImportDeps {
  context: ServerContext;
  cart: CartService;
  files: ServerFileService;
}

/** Who imports: the customer's scope and their merchant's site name (the author of workbooks made). */
export interface ImportRequester {
  owner: CustomerScope;
  merchantName: string;
}

/** A workbook made for the customer: its name and bytes. */
export interface ImportWorkbook {
  fileName: string;
  body: Readable;
}

/** What a checked file would store, or why it may not. */
type Checked =
  | { ok: true; type: 'addresses'; bodies: Parameters<typeof addDeliveryAddresses>[2] }
  | { ok: true; type: 'batch_orders'; items: PricedCartItem[] }
  | { ok: false; problems: ImportProblem[] };

const IMPORT_RULE = UPLOAD_TYPE_RULES[UploadType.ExcelImport];

export class ExcelImportService {
  constructor(private readonly deps: ExcelImportDeps) {}

  /**
   * Imports the file `body.Path` names: every row, or none.
   * @throws AppError FileNotFound (not the customer's file), ValidationFailed (a file that cannot
   *   be read or opened, or rows with problems: the message names them), AddressLimitReached,
   *   Failed (a full cart).
   */
  async import(requester: ImportRequester, body: ImportExcelBody): Promise<ImportExcelResult> {
    const { owner } = requester;
    const { fileName, checked } = await this.check(owner, body);
    if (!checked.ok) throw new AppError('ValidationFailed', summariseProblems(checked.problems));
    let ids: number[];
    if (checked.type === 'addresses') {
      ids = await addDeliveryAddresses(this.deps.context, owner, checked.bodies);
    } else {
      const { db, clock } = this.deps.context;
      const items = checked.items;
      const lines = await db
        .transaction()
        .execute((trx) => addPricedCartLines(trx, owner, items, clock.now()));
      ids = lines.map((line) => line.Id);
    }
    return { ImportExcelType: body.ImportExcelType, FileName: fileName, Imported: ids.length, Ids: ids };
  }

  /** The error report of the file `body.Path` names (the same checks as the import; nothing is stored). */
  async errorReport(requester: ImportRequester, body: ImportExcelBody): Promise<ImportWorkbook> {
    const { fileName, checked } = await this.check(requester.owner, body);
    const bytes = await problemsWorkbook(checked.ok ? [] : checked.problems, this.meta(requester));
    return { fileName: importReportFileName(fileName), body: Readable.from([bytes]) };
  }

  /** The template of an import type (batch orders list the merchant's products and their choices). */
  async template(requester: ImportRequester, body: ImportExcelTemplateBody): Promise<ImportWorkbook> {
    const type = body.ImportExcelType;
    const snapshot =
      type === 'batch_orders' ? await this.deps.cart.requireCatalog(requester.owner.merchantId) : null;
    const bytes = await templateWorkbook(type, snapshot, this.meta(requester));
    return { fileName: importTemplateFileName(type), body: Readable.from([bytes]) };
  }

  private meta(requester: ImportRequester) {
    return { creator: requester.merchantName, createdAt: this.deps.context.clock.now() };
  }

  /** Reads, opens and checks the file; file-level refusals throw, row problems come back. */
  private async check(
    owner: CustomerScope,
    body: ImportExcelBody,
  ): Promise<{ fileName: string; checked: Checked }> {
    // Path is the FilePath the upload returned, or the file's id.
    const path = /^\d{1,10}$/.test(body.Path) ? Number(body.Path) : body.Path;
    const file = await this.deps.files.readOwned(owner, path, IMPORT_RULE.maxBytes);
    if (!IMPORT_RULE.extensions.includes(file.extension)) {
      throw new AppError('ValidationFailed', `“${file.name}”不是 Excel 文件，请上传 .xlsx 工作簿`);
    }
    const workbook = await openWorkbook(file.bytes, body.Password);
    const sheet = workbook.worksheets[0];
    const maxRows = body.ImportExcelType === 'addresses' ? 100 : BATCH_ORDER_MAX_ROWS + 1;
    const table: SheetTable = sheet ? readSheet(sheet, maxRows) : { name: '（无）', rows: [] };
    if (body.ImportExcelType === 'addresses') {
      const rows = readAddressRows(table);
      return {
        fileName: file.name,
        checked: rows.ok ? { ok: true, type: 'addresses', bodies: rows.bodies } : rows,
      };
    }
    const snapshot = await this.deps.cart.requireCatalog(owner.merchantId);
    const rows = readBatchOrderRows(table, snapshot);
    return { fileName: file.name, checked: rows.ok ? priceRows(snapshot, rows.rows) : rows };
  }
}

/**
 * Every row priced as addorderitem prices it (the cart's priceLine, today's catalogue), or the
 * refusals as problems of their rows: `第5行：「商务名片」…`.
 */
function priceRows(snapshot: CatalogSnapshot, rows: readonly BatchOrderRow[]): Checked {
  const items: PricedCartItem[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const outcome = priceLine(snapshot, row.body.ProductId, toQuoteSelection(row.body), row.body.PriceMode);
    if (outcome.ok) items.push({ line: outcome.line, remarks: row.body.Remarks });
    else
      problems.push({
        sheet: row.sheet,
        row: row.number,
        column: '',
        message: `「${row.title}」${outcome.reason}`,
      });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, type: 'batch_orders', items };
}
