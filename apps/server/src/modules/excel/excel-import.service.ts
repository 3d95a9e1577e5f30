/**
 * Excel import (spec §7 post_import_excel; docs/excel.md "Import"): a workbook the customer
 * uploaded (upload type 4), decrypted with its password when encrypted, read row by row and
 * checked whole before anything is stored — addresses through the addresses module, batch orders
 * through the cart, which prices every row as addorderitem does; a batch row's 收货地址 is found in
 * (or added to) the customer's address book and its 文件名 among their uploads. All or nothing: any problem
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
  type ImportFileStatus,
  type ImportExcelTemplateBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { addDeliveryAddresses, matchOrAddDeliveryAddresses } from '../addresses/index.ts';
import { addPricedCartLines, priceLine, type CartService, type PricedLine } from '../cart/index.ts';
import { toQuoteSelection, type CatalogSnapshot } from '../products/index.ts';
import type { OwnedFileByName, ServerFileService } from '../uploads/index.ts';
import { readAddressRows } from './import/address-rows.ts';
import {
  BATCH_ORDER_MAX_ROWS,
  fileRemark,
  readBatchOrderRows,
  type BatchOrderRow,
} from './import/batch-order-rows.ts';
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
  | { ok: true; type: 'batch_orders'; items: PricedRow[] }
  | { ok: false; problems: ImportProblem[] };

/** A checked batch row with its price. */
interface PricedRow {
  row: BatchOrderRow;
  line: PricedLine;
}

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
    if (checked.type === 'addresses') {
      const ids = await addDeliveryAddresses(this.deps.context, owner, checked.bodies);
      const result = { ImportExcelType: body.ImportExcelType, FileName: fileName, Rows: [], Notices: [] };
      return { ...result, Imported: ids.length, Ids: ids };
    }
    return this.importBatchOrders(owner, fileName, checked.items);
  }

  /**
   * Batch rows into the cart: each row's 文件名 looked up among the customer's uploads (attached
   * when one file is meant, else kept in the remarks and flagged), its 收货地址 found in or added
   * to their address book, and the lines stored in the address book's transaction — all or none.
   */
  private async importBatchOrders(
    owner: CustomerScope,
    fileName: string,
    items: readonly PricedRow[],
  ): Promise<ImportExcelResult> {
    const files = new Map<string, OwnedFileByName>();
    for (const { row } of items) {
      if (row.fileName !== '' && !files.has(row.fileName)) {
        files.set(row.fileName, await this.deps.files.findOwnedByName(owner, row.fileName));
      }
    }
    const fileOf = (row: BatchOrderRow) => (row.fileName === '' ? null : files.get(row.fileName)!);
    const withAddress = items.filter(({ row }) => row.address !== null);
    const { context } = this;
    const lines = await matchOrAddDeliveryAddresses(
      context,
      owner,
      withAddress.map(({ row }) => row.address!),
      async (trx, matched) => {
        const addressOf = new Map(withAddress.map((item, index) => [item, matched[index]!]));
        const cartItems = items.map((item) => {
          const found = fileOf(item.row);
          const isAttached = found?.status === 'found';
          return {
            line: item.line,
            remarks:
              found && !isAttached
                ? fileRemark(item.row.fileName, item.row.body.Remarks)
                : item.row.body.Remarks,
            address: addressOf.get(item) ?? null,
            artworkFileId: isAttached ? found.fileId : null,
          };
        });
        const added = await addPricedCartLines(trx, owner, cartItems, context.clock.now());
        return added.map((line, index) => ({ line, address: cartItems[index]!.address }));
      },
    );
    const rows = items.map((item, index) => {
      const { line, address } = lines[index]!;
      const found = fileOf(item.row);
      const fileStatus: ImportFileStatus =
        found === null ? 'none' : found.status === 'found' ? 'attached' : found.status;
      return {
        Row: item.row.number,
        CartId: line.Id,
        FileName: item.row.fileName,
        FileStatus: fileStatus,
        FileId: found?.status === 'found' ? found.fileId : null,
        AddressStatus: address?.status ?? ('none' as const),
        AddressId: address?.id ?? null,
        Notice: found ? fileNotice(item.row, found) : '',
      };
    });
    return {
      ImportExcelType: 'batch_orders',
      FileName: fileName,
      Imported: rows.length,
      Ids: rows.map((row) => row.CartId),
      Rows: rows,
      Notices: rows.map((row) => row.Notice).filter((notice) => notice !== ''),
    };
  }

  private get context() {
    return this.deps.context;
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
  const items: PricedRow[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const outcome = priceLine(snapshot, row.body.ProductId, toQuoteSelection(row.body), row.body.PriceMode);
    if (outcome.ok) items.push({ row, line: outcome.line });
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

/** Why a row's 文件名 was not attached, for the customer to act on; '' when it was. */
function fileNotice(row: BatchOrderRow, found: OwnedFileByName): string {
  const at = `第${row.number}行「文件名」“${row.fileName}”`;
  switch (found.status) {
    case 'found':
      return '';
    case 'not_found':
      return `${at}：在您上传的印刷文件中没有找到，已写在商品备注里，请结算时上传或选择印刷文件`;
    case 'ambiguous':
      return `${at}：有多个文件都可能是它（${found.names.join('、')}），没有自动附上，已写在商品备注里，请结算时选择`;
  }
}
