/**
 * The console's editing of menus (docs/website.md, "Editing from the console"): the top
 * navigation, the side menu and the footer, kept per interface version or shared by every
 * version (version null). Entries nest at most MENU_MAX_DEPTH deep under a parent of the same
 * position and version; a change names the revision it was read at. queryhomemenu reads the
 * table on every call, so a save shows on the customer site at once.
 */
import {
  MENU_MAX_DEPTH,
  MENU_POSITIONS,
  type SaveMenuEntryBody,
  type StaffMenuEntry,
  type StaffQueryMenusBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkedLink } from './admin-links.ts';
import {
  deleteLeafMenuEntryAt,
  findMenuEntry,
  insertMenuEntryRow,
  listAllMenuEntries,
  updateMenuEntryAt,
  type MenuChange,
} from './content-admin.repository.ts';
import { toLink } from './website.mapper.ts';
import type { MenuRow } from './website.repository.ts';

const ENTRY_GONE = '菜单不存在或已被删除';

function toEntry(row: MenuRow): StaffMenuEntry {
  return {
    Id: row.id,
    Position: MENU_POSITIONS.find((position) => position === row.position) ?? 'top',
    Version: row.version,
    ParentId: row.parent_id,
    Title: row.title,
    Link: toLink(row.link_type, row.link_target),
    SerialNumber: row.serial_number,
    IsActive: row.is_active === 1,
    Revision: row.revision,
  };
}

/** QueryMenuEntries: every entry of the position, every version and the shared ones. */
export async function queryMenuEntries(db: Db, merchantId: number, body: StaffQueryMenusBody) {
  return { List: (await listAllMenuEntries(db, merchantId, body.Position)).map(toEntry) };
}

/** How deep `id` sits (1 for a first-level entry), following parents among `rows`. */
function depthOf(rows: readonly MenuRow[], id: number): number {
  let depth = 0;
  let current = rows.find((row) => row.id === id);
  while (current && depth <= MENU_MAX_DEPTH + 1) {
    depth += 1;
    const parentId: number | null = current.parent_id;
    current = parentId === null ? undefined : rows.find((row) => row.id === parentId);
  }
  return depth;
}

/** How many levels hang under `id` (1 for an entry without children). */
function heightOf(rows: readonly MenuRow[], id: number, guard = 0): number {
  const children = rows.filter((row) => row.parent_id === id);
  if (children.length === 0 || guard > MENU_MAX_DEPTH) return 1;
  return 1 + Math.max(...children.map((child) => heightOf(rows, child.id, guard + 1)));
}

/** SaveMenuEntry: a new entry, or a change of one read at `Revision`. */
export async function saveMenuEntry(
  db: Db,
  merchantId: number,
  body: SaveMenuEntryBody,
  now: number,
): Promise<StaffMenuEntry> {
  const existing = body.Id === undefined ? undefined : await findMenuEntry(db, merchantId, body.Id);
  if (body.Id !== undefined && !existing) throw new AppError('ContentNotFound', ENTRY_GONE);
  const rows = await listAllMenuEntries(db, merchantId, body.Position);
  if (existing && existing.position !== body.Position && rows.some((row) => row.parent_id === existing.id)) {
    throw new AppError('ValidationFailed', '有下级菜单的菜单不能移到其他位置，请先移走它的下级菜单');
  }
  if (body.ParentId !== null) {
    const parent = rows.find((row) => row.id === body.ParentId);
    if (!parent) throw new AppError('ValidationFailed', '上级菜单不存在，或不在同一位置');
    if (parent.version !== body.Version) {
      throw new AppError('ValidationFailed', '上级菜单属于另一个界面版本，请选择同一版本的上级菜单');
    }
    if (existing) {
      for (let at: MenuRow | undefined = parent; at; at = rows.find((row) => row.id === at!.parent_id)) {
        if (at.id === existing.id)
          throw new AppError('ValidationFailed', '不能把菜单放到它自己或它的下级菜单下面');
      }
    }
    const below = existing ? heightOf(rows, existing.id) : 1;
    if (depthOf(rows, parent.id) + below > MENU_MAX_DEPTH) {
      throw new AppError('ValidationFailed', `菜单最多 ${MENU_MAX_DEPTH} 级，不能再往下加`);
    }
  }
  if (existing && existing.version !== body.Version && rows.some((row) => row.parent_id === existing.id)) {
    throw new AppError('ValidationFailed', '有下级菜单的菜单不能改到另一个界面版本，请先移走它的下级菜单');
  }
  const link = await checkedLink(db, merchantId, body.Link);
  const change: MenuChange = {
    version: body.Version,
    position: body.Position,
    parent_id: body.ParentId,
    title: body.Title,
    link_type: link.Type,
    link_target: link.Target,
    serial_number: body.SerialNumber,
    is_active: body.IsActive ? 1 : 0,
    updated_at: now,
  };
  let id = body.Id;
  if (id === undefined) {
    id = await insertMenuEntryRow(db, { ...change, merchant_id: merchantId, created_at: now });
  } else {
    if (body.Revision === undefined)
      throw new AppError('ValidationFailed', '请带上读取时的版本号（Revision）');
    if (!(await updateMenuEntryAt(db, merchantId, id, body.Revision, change))) {
      throw (await findMenuEntry(db, merchantId, id))
        ? new AppError('EditConflict')
        : new AppError('ContentNotFound', ENTRY_GONE);
    }
  }
  return toEntry((await findMenuEntry(db, merchantId, id))!);
}

/** DeleteMenuEntry: an entry without children, read at `Revision`. */
export async function deleteMenuEntry(db: Db, merchantId: number, id: number, revision: number) {
  if (await deleteLeafMenuEntryAt(db, merchantId, id, revision)) return { Deleted: 1 };
  const row = await findMenuEntry(db, merchantId, id);
  if (!row) throw new AppError('ContentNotFound', ENTRY_GONE);
  if (row.revision !== revision) throw new AppError('EditConflict');
  throw new AppError('ValidationFailed', `「${row.title}」下还有下级菜单，请先删除或移走它们`);
}
