/**
 * The console's editing of ads (docs/website.md, "Editing from the console"): banners of the home
 * carousel, the home side and the login page, with their picture (one of the merchant's
 * server pictures), link, time window, order and state. Changes name the revision they were read
 * at; QueryAd reads the table on every call, so a save shows on the customer site at once.
 */
import type { SaveAdBody, StaffAd, StaffQueryAdsBody } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteAdAt,
  findAd,
  findSiteImage,
  listAllAds,
  updateAdAt,
  type AdChange,
} from './content-admin.repository.ts';
import { editorImageUrl } from './editor-image.ts';
import { toAd } from './website.mapper.ts';
import { checkedLink } from './admin-links.ts';
import { insertAd, type AdRow } from './website.repository.ts';

const AD_GONE = '广告不存在或已被删除';

function statusOf(row: AdRow, now: number): StaffAd['Status'] {
  if (row.is_active !== 1) return 'inactive';
  if (row.starts_at !== null && now < row.starts_at) return 'scheduled';
  if (row.ends_at !== null && now >= row.ends_at) return 'ended';
  return 'showing';
}

function toStaffAd(row: AdRow, now: number): StaffAd | null {
  const ad = toAd(row);
  return ad
    ? { ...ad, IsActive: row.is_active === 1, Status: statusOf(row, now), Revision: row.revision }
    : null;
}

/** QueryAds: every ad (of one position), whatever its state, in order. */
export async function queryAds(db: Db, merchantId: number, body: StaffQueryAdsBody, now: number) {
  const rows = await listAllAds(db, merchantId, body.Position);
  return { List: rows.map((row) => toStaffAd(row, now)).filter((ad): ad is StaffAd => ad !== null) };
}

/** SaveAd: a new ad (a picture required), or a change of one read at `Revision`. */
export async function saveAd(db: Db, merchantId: number, body: SaveAdBody, now: number): Promise<StaffAd> {
  const existing = body.Id === undefined ? undefined : await findAd(db, merchantId, body.Id);
  if (body.Id !== undefined && !existing) throw new AppError('ContentNotFound', AD_GONE);
  const link = await checkedLink(db, merchantId, body.Link);
  const change: AdChange = {
    position: body.Position,
    title: body.Title,
    subtitle: body.Subtitle,
    link_type: link.Type,
    link_target: link.Target,
    serial_number: body.SerialNumber,
    starts_at: body.StartTime ? Date.parse(body.StartTime) : null,
    ends_at: body.EndTime ? Date.parse(body.EndTime) : null,
    is_active: body.IsActive ? 1 : 0,
    updated_at: now,
  };
  if (body.ImageId !== undefined) {
    const image = await findSiteImage(db, merchantId, body.ImageId);
    if (!image) throw new AppError('ValidationFailed', '所选的广告图片不存在或已被删除，请重新选择');
    const url = editorImageUrl(image.sha256);
    Object.assign(change, {
      image_url: url,
      image_small_url: url,
      image_width: image.width,
      image_height: image.height,
      image_alt: body.Title,
    });
  } else if (existing) {
    change.image_alt = body.Title;
  } else {
    throw new AppError('ValidationFailed', '请选择广告图片');
  }
  let id = body.Id;
  if (id === undefined) {
    id = await insertAd(db, {
      ...(change as Required<AdChange>),
      merchant_id: merchantId,
      created_at: now,
    });
  } else {
    if (body.Revision === undefined)
      throw new AppError('ValidationFailed', '请带上读取时的版本号（Revision）');
    if (!(await updateAdAt(db, merchantId, id, body.Revision, change))) {
      throw (await findAd(db, merchantId, id))
        ? new AppError('EditConflict')
        : new AppError('ContentNotFound', AD_GONE);
    }
  }
  const saved = toStaffAd((await findAd(db, merchantId, id))!, now);
  if (!saved) throw new AppError('ValidationFailed', '广告图片地址无效，请重新选择图片');
  return saved;
}

/** DeleteAd: an ad read at `Revision`. */
export async function deleteAd(db: Db, merchantId: number, id: number, revision: number) {
  if (await deleteAdAt(db, merchantId, id, revision)) return { Deleted: 1 };
  throw (await findAd(db, merchantId, id))
    ? new AppError('EditConflict')
    : new AppError('ContentNotFound', AD_GONE);
}
