/**
 * Batch ordering (docs/batch-ordering.md): AnalysisFileName reads each file of a batch by its
 * name against the merchant's current catalogue and prices what it read; AnalysisCreateOrder puts
 * the rows, as the customer corrected them, into the cart at the server's price — all or none,
 * once per request key.
 */
import {
  formatYuan,
  analyseFileName,
  buildFileNameIndex,
  type FileNameIndex,
  type Product,
} from '@inkstone/domain';
import type {
  AnalysisCreateOrderBody,
  AnalysisCreateOrderResult,
  AnalysisFileNameBody,
  AnalysisFileNameResult,
  AnalysisOrderRow,
  AnalysisRow,
  PreflightReport,
  ServerFile,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { addPricedCartLines, finishedSizeOf, priceLine, type PricedCartItem } from '../cart/index.ts';
import type { CatalogSnapshot, CatalogStore, ProductImages } from '../products/index.ts';
import { toQuoteSelection, toSelection } from '../products/index.ts';
import type { UploadsModule } from '../uploads/index.ts';
import { toAnalysisRow } from './batch.mapper.ts';
import { claimRequest, findRequest, saveRequestResult } from './batch.repository.ts';

export interface BatchDeps {
  db: Db;
  clock: Clock;
  catalogs: CatalogStore;
  productImages: ProductImages;
  uploads: UploadsModule;
}

/** Files up to this size not analysed yet are analysed within the call (page size, preflight). */
const INLINE_ANALYSIS_MAX_BYTES = 16 * 1024 * 1024;

/** Refusals named in one message; the rest are counted. */
const MAX_NAMED_REFUSALS = 5;

/** A row that does not go into the cart: its number and file, and why. */
interface RowRefusal {
  code: 'ValidationFailed' | 'ProductNotFound' | 'QuoteRefused' | 'PriceChanged' | 'FileNotFound';
  text: string;
}

/** `第 3 行（名片.pdf）：reason` — the row as the customer sees it in the table. */
const rowText = (index: number, name: string | null, reason: string) =>
  `第 ${index + 1} 行${name ? `（${name}）` : ''}：${reason}`;

/** One AppError naming every refused row (the first few in full). */
function refuseRows(refusals: readonly RowRefusal[]): AppError {
  const named = refusals.slice(0, MAX_NAMED_REFUSALS).map((refusal) => refusal.text);
  const more = refusals.length - named.length;
  const message = `${named.join('；')}${more > 0 ? `；另有 ${more} 行也不能下单` : ''}。未加入任何商品，请修改后再提交`;
  return new AppError(refusals[0]!.code, message);
}

export class BatchOrderService {
  /** The file-name index of each catalogue version in memory (dropped with its snapshot). */
  private readonly indexes = new WeakMap<CatalogSnapshot, FileNameIndex>();

  constructor(private readonly deps: BatchDeps) {}

  private async requireCatalog(merchantId: number): Promise<CatalogSnapshot> {
    const snapshot = await this.deps.catalogs.current(merchantId);
    if (!snapshot) throw new AppError('ProductNotFound', '商家尚未上架商品');
    return snapshot;
  }

  private indexOf(snapshot: CatalogSnapshot): FileNameIndex {
    let index = this.indexes.get(snapshot);
    if (!index) {
      index = buildFileNameIndex(snapshot.catalog);
      this.indexes.set(snapshot, index);
    }
    return index;
  }

  /** The customer's files, in order; FileNotFound naming the first that is not theirs. */
  private async ownedFiles(owner: CustomerScope, ids: readonly number[]): Promise<ServerFile[]> {
    const files = await this.deps.uploads.files.describeOwned(owner, ids);
    const missing = files.findIndex((file) => file === null);
    if (missing >= 0) {
      throw new AppError(
        'FileNotFound',
        `第 ${missing + 1} 个文件（编号 ${ids[missing]}）不存在、已删除或不属于您`,
      );
    }
    return files as ServerFile[];
  }

  /** AnalysisFileName: every file read by its name, priced and preflighted; nothing is stored. */
  async analyse(owner: CustomerScope, body: AnalysisFileNameBody): Promise<AnalysisFileNameResult> {
    const snapshot = await this.requireCatalog(owner.merchantId);
    const index = this.indexOf(snapshot);
    const files = await this.ownedFiles(owner, body.FileIds);
    const rows: AnalysisRow[] = [];
    for (const file of files) rows.push(await this.analyseFile(owner, snapshot, index, file));
    const count = (status: AnalysisRow['Status']) => rows.filter((row) => row.Status === status).length;
    return {
      CatalogVersion: snapshot.version,
      Rows: rows,
      Summary: {
        Total: rows.length,
        Recognised: count('recognised'),
        Review: count('review'),
        Unrecognised: count('unrecognised'),
      },
    };
  }

  private async analyseFile(
    owner: CustomerScope,
    snapshot: CatalogSnapshot,
    index: FileNameIndex,
    file: ServerFile,
  ): Promise<AnalysisRow> {
    const { isKnown, hint } = await this.pageSizeOf(owner, file);
    const analysis = analyseFileName(index, file.OrgFileName, hint);
    const product =
      analysis.product.value === null ? undefined : snapshot.products.get(analysis.product.value);
    if (!product || !analysis.selection) {
      return toAnalysisRow({
        file,
        analysis,
        product: undefined,
        selection: null,
        outcome: null,
        preflight: null,
      });
    }
    const outcome = priceLine(snapshot, product.id, analysis.selection, 'auto');
    const finished = outcome.ok ? outcome.line.finishedSize : finishedSizeOf(product, analysis.selection);
    // Only a file whose facts are known is checked here: reading a large file waits for the analysis.
    let preflight: PreflightReport | null = null;
    if (isKnown && finished) {
      preflight = await this.deps.uploads.files
        .preflight(owner, {
          id: file.Id,
          width: finished.widthMm,
          height: finished.heightMm,
          bleed: finished.bleedMm,
        })
        .catch(() => null);
    }
    const source: Product = product.source;
    return toAnalysisRow({
      file,
      analysis,
      product: source,
      selection: toSelection(analysis.selection),
      outcome,
      preflight,
    });
  }

  /**
   * The file's first page size (the size hint), from the facts the background analysis found; a
   * small file not analysed yet is analysed now, a large one is left to the background (its row
   * then has no hint and no preflight until it is read again).
   */
  private async pageSizeOf(owner: CustomerScope, file: ServerFile) {
    let facts: { widthMm: number; heightMm: number } | null = null;
    if (file.Facts) {
      const { PageWidthMm: width, PageHeightMm: height } = file.Facts;
      facts = width && height ? { widthMm: width, heightMm: height } : null;
      return { isKnown: true, hint: facts };
    }
    if (file.FileSize > INLINE_ANALYSIS_MAX_BYTES) return { isKnown: false, hint: null };
    const report = await this.deps.uploads.files
      .preflight(owner, { id: file.Id, bleed: 0 })
      .catch(() => null);
    const page = report?.Pdf?.Pages[0];
    if (page) facts = { widthMm: page.WidthMm, heightMm: page.HeightMm };
    return { isKnown: report !== null, hint: facts };
  }

  /**
   * AnalysisCreateOrder: every row priced by the server, then all of them into the cart in one
   * transaction that also records the request key — so a repeated key adds nothing and answers
   * what the first submission added. Any row that does not price refuses the whole batch.
   */
  async createOrder(owner: CustomerScope, body: AnalysisCreateOrderBody): Promise<AnalysisCreateOrderResult> {
    const earlier = await this.repeated(owner, body.RequestKey);
    if (earlier) return earlier;
    const snapshot = await this.requireCatalog(owner.merchantId);
    const files = await this.deps.uploads.files.describeOwned(
      owner,
      body.Rows.map((row) => row.FileId),
    );
    const refusals: RowRefusal[] = [];
    const items: (PricedCartItem & { fileId: number })[] = [];
    body.Rows.forEach((row, index) => {
      const priced = this.priceRow(snapshot, row, index, files[index] ?? null);
      if ('text' in priced) refusals.push(priced);
      else items.push(priced);
    });
    if (refusals.length > 0) throw refuseRows(refusals);
    const stored = await this.deps.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      const requestId = await claimRequest(trx, owner, body.RequestKey, body.Target, now);
      if (requestId === null) return null;
      const lines = await addPricedCartLines(trx, owner, items, now);
      const result: AnalysisCreateOrderResult = {
        Target: body.Target,
        Items: lines.map((line, index) => ({
          FileId: items[index]!.fileId,
          Line: { ...line, ArtworkFiles: [files[index]!] },
        })),
        IsRepeated: false,
      };
      await saveRequestResult(trx, requestId, JSON.stringify(result));
      return result;
    });
    if (stored) return this.withPictures(owner, stored);
    // A parallel submission of the same key committed first.
    const winner = await this.repeated(owner, body.RequestKey);
    if (!winner) throw new AppError('Failed', '这批文件正在加入购物车，请稍后查看购物车');
    return winner;
  }

  /** One row priced, or why it cannot go into the cart. */
  private priceRow(
    snapshot: CatalogSnapshot,
    row: AnalysisOrderRow,
    index: number,
    file: ServerFile | null,
  ): (PricedCartItem & { fileId: number }) | RowRefusal {
    if (!file) {
      return {
        code: 'FileNotFound',
        text: rowText(index, null, `文件（编号 ${row.FileId}）不存在、已删除或不属于您`),
      };
    }
    const name = file.OrgFileName;
    if (!row.ProductId) return { code: 'ValidationFailed', text: rowText(index, name, '请选择产品') };
    if (row.Quantity === null || row.Quantity === undefined) {
      return { code: 'ValidationFailed', text: rowText(index, name, '请输入数量') };
    }
    const selection = toQuoteSelection({ ...row, ProductId: row.ProductId, Quantity: row.Quantity });
    const outcome = priceLine(snapshot, row.ProductId, selection, 'auto');
    if (!outcome.ok) return { code: outcome.code, text: rowText(index, name, outcome.reason) };
    const expected = row.ExpectedAmountFen;
    if (expected !== null && expected !== undefined && expected !== outcome.line.amountFen) {
      const reason = `价格已变化，当前价格为 ${formatYuan(outcome.line.amountFen)}，请确认后重新提交`;
      return { code: 'PriceChanged', text: rowText(index, name, reason) };
    }
    const remarks = row.Remarks ? row.Remarks : `文件：${name}`.slice(0, 500);
    // The row's file goes with the line (its own artwork), so checkout attaches it in any tab.
    return { line: outcome.line, remarks, fileId: file.Id, artworkFileId: file.Id };
  }

  /** The result an earlier submission of `key` gave, marked as repeated; null when there was none. */
  private async repeated(owner: CustomerScope, key: string): Promise<AnalysisCreateOrderResult | null> {
    const request = await findRequest(this.deps.db, owner, key);
    if (!request?.result_json) return null;
    const result = JSON.parse(request.result_json) as AnalysisCreateOrderResult;
    return this.withPictures(owner, { ...result, IsRepeated: true });
  }

  /** The products' pictures as they are now, on every line. */
  private async withPictures(
    owner: CustomerScope,
    result: AnalysisCreateOrderResult,
  ): Promise<AnalysisCreateOrderResult> {
    const images = await this.deps.productImages.of(
      owner.merchantId,
      result.Items.map((item) => item.Line.ProductId),
    );
    return {
      ...result,
      Items: result.Items.map((item) => ({
        ...item,
        // Results stored before lines had addresses and artwork lack those fields.
        Line: {
          ...item.Line,
          AddressId: item.Line.AddressId ?? null,
          Address: item.Line.Address ?? null,
          ArtworkFiles: item.Line.ArtworkFiles ?? [],
          ProductImage: images.get(item.Line.ProductId) ?? null,
        },
      })),
    };
  }
}
