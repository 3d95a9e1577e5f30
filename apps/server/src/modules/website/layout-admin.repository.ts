/**
 * Queries of the console's 网站 › 首页 and 网站 › 模板 (home-admin.ts, templates-admin.ts): the home
 * groups and items and the template centre, every one scoped by the merchant. A change of an
 * existing row names the revision it was read at and changes nothing otherwise.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  DesignTemplateFileTable,
  DesignTemplateTable,
  SiteHomeGroupTable,
  SiteHomeItemTable,
  SiteTemplateUploadTable,
} from '../../db/schema.ts';

export type HomeGroupChange = Pick<
  Insertable<SiteHomeGroupTable>,
  'version' | 'kind' | 'title' | 'subtitle' | 'serial_number' | 'is_active' | 'updated_at'
>;
export type HomeItemChange = Partial<
  Pick<
    Insertable<SiteHomeItemTable>,
    | 'group_id'
    | 'title'
    | 'summary'
    | 'image_url'
    | 'image_small_url'
    | 'image_width'
    | 'image_height'
    | 'image_alt'
    | 'link_type'
    | 'link_target'
    | 'product_id'
    | 'html'
    | 'published_at'
    | 'serial_number'
    | 'is_active'
    | 'updated_at'
  >
>;
export type TemplateChange = Partial<
  Pick<
    Insertable<DesignTemplateTable>,
    | 'category_id'
    | 'title'
    | 'product_id'
    | 'finished_width_mm'
    | 'finished_height_mm'
    | 'bleed_mm'
    | 'preview_url'
    | 'preview_small_url'
    | 'preview_width'
    | 'preview_height'
    | 'serial_number'
    | 'is_active'
    | 'updated_at'
  >
>;
export type TemplateUploadRow = Omit<Selectable<SiteTemplateUploadTable>, 'content'>;

/** Raises the revision of `table`'s row `id` read at `revision`; false when it is not there at it. */
async function bumpAt(
  db: Db,
  table: 'site_home_groups' | 'site_home_items' | 'template_categories' | 'design_templates',
  merchantId: number,
  id: number,
  revision: number,
  change: Record<string, unknown> = {},
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Home groups and items

/** Every home group of the merchant, every version, active or not. */
export async function listAllHomeGroups(db: Db, merchantId: number) {
  return db
    .selectFrom('site_home_groups')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

/** Every home item of the merchant (of one group), active or not, in order. */
export async function listAllHomeItems(db: Db, merchantId: number, groupId?: number) {
  let query = db.selectFrom('site_home_items').selectAll().where('merchant_id', '=', merchantId);
  if (groupId !== undefined) query = query.where('group_id', '=', groupId);
  return query.orderBy('group_id').orderBy('serial_number').orderBy('id').execute();
}

export async function findAdminHomeGroup(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('site_home_groups')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAdminHomeItem(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('site_home_items')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function updateHomeGroupAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: HomeGroupChange,
) {
  return bumpAt(db, 'site_home_groups', merchantId, id, revision, change);
}

/**
 * Deletes a group read at `revision` with its items, in one transaction that first claims the
 * group at that revision (a parallel delete or save waits, then finds it changed); false when the
 * group is not there at that revision.
 */
export async function deleteHomeGroupAt(db: Db, merchantId: number, id: number, revision: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await bumpAt(trx, 'site_home_groups', merchantId, id, revision))) return false;
    await trx
      .deleteFrom('site_home_items')
      .where('merchant_id', '=', merchantId)
      .where('group_id', '=', id)
      .execute();
    await trx
      .deleteFrom('site_home_groups')
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/**
 * Adds an item to a group of the merchant, in one statement that finds the group (a group
 * deleted meanwhile gets no item); the new id, or null when the group is gone.
 */
export async function insertHomeItemInGroup(
  db: Db,
  row: Insertable<SiteHomeItemTable>,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // Touching the group holds it (PostgreSQL: its row lock) until the item is in.
    const group = await trx
      .updateTable('site_home_groups')
      .set({ updated_at: sql`updated_at` })
      .where('merchant_id', '=', row.merchant_id)
      .where('id', '=', row.group_id)
      .executeTakeFirst();
    if (Number(group.numUpdatedRows) !== 1) return null;
    const inserted = await trx
      .insertInto('site_home_items')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}

export function updateHomeItemAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: HomeItemChange,
) {
  return bumpAt(db, 'site_home_items', merchantId, id, revision, change);
}

export async function deleteHomeItemAt(db: Db, merchantId: number, id: number, revision: number) {
  const result = await db
    .deleteFrom('site_home_items')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Template centre

/** Every template category of the merchant with its number of templates (active or not). */
export async function listAdminTemplateCategories(db: Db, merchantId: number) {
  const rows = await db
    .selectFrom('template_categories as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('design_templates as t')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('t.category_id', '=', 'c.id')
        .as('template_count'),
    )
    .where('c.merchant_id', '=', merchantId)
    .orderBy('c.serial_number')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...row, template_count: Number(row.template_count ?? 0) }));
}

export async function findAdminTemplateCategory(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('template_categories')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function updateTemplateCategoryAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: { title: string; serial_number: number; updated_at: number },
) {
  return bumpAt(db, 'template_categories', merchantId, id, revision, change);
}

/** Deletes a category read at `revision` that holds no template, in one statement; false otherwise. */
export async function deleteEmptyTemplateCategoryAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
) {
  const result = await db
    .deleteFrom('template_categories')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('design_templates')
            .select(sql.lit(1).as('one'))
            .whereRef('design_templates.category_id', '=', 'template_categories.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countCategoryTemplates(
  db: Db,
  merchantId: number,
  categoryId: number,
): Promise<number> {
  const row = await db
    .selectFrom('design_templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every template of the merchant, active or not, by category order then its own. */
export async function listAdminTemplates(db: Db, merchantId: number) {
  return db
    .selectFrom('design_templates as t')
    .innerJoin('template_categories as c', 'c.id', 't.category_id')
    .selectAll('t')
    .where('t.merchant_id', '=', merchantId)
    .orderBy('c.serial_number')
    .orderBy('t.serial_number')
    .orderBy('t.id')
    .execute();
}

export async function findAdminTemplate(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('design_templates')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The files of the merchant's templates (all when `templateId` is absent), in order. */
export async function listAdminTemplateFiles(db: Db, merchantId: number, templateId?: number) {
  let query = db.selectFrom('design_template_files').selectAll().where('merchant_id', '=', merchantId);
  if (templateId !== undefined) query = query.where('template_id', '=', templateId);
  return query.orderBy('template_id').orderBy('serial_number').orderBy('id').execute();
}

type NewTemplateFile = Omit<
  Insertable<DesignTemplateFileTable>,
  'merchant_id' | 'template_id' | 'serial_number'
>;

/**
 * Writes a template and its files in one transaction: a new one (`id` undefined), or a change of
 * one read at `revision` whose category is the merchant's (claimed first, so it cannot be
 * deleted meanwhile). The template's files become those listed, in order. Returns the id, or null when the
 * template was not there at that revision, or 'category' when the category is gone.
 */
export async function writeTemplate(
  db: Db,
  merchantId: number,
  target: { id: number; revision: number } | { row: Insertable<DesignTemplateTable> },
  change: TemplateChange,
  files: readonly NewTemplateFile[],
): Promise<number | null | 'category'> {
  return db.transaction().execute(async (trx) => {
    const categoryId = 'row' in target ? target.row.category_id : change.category_id;
    if (categoryId !== undefined) {
      const held = await trx
        .updateTable('template_categories')
        .set({ updated_at: sql`updated_at` })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', categoryId)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return 'category';
    }
    let id: number;
    if ('row' in target) {
      id = (
        await trx.insertInto('design_templates').values(target.row).returning('id').executeTakeFirstOrThrow()
      ).id;
    } else {
      if (!(await bumpAt(trx, 'design_templates', merchantId, target.id, target.revision, change)))
        return null;
      id = target.id;
      // Files kept keep their ids (a parallel save read at the same revision still names them).
      const kept = files.flatMap((file) => (file.id === undefined ? [] : [file.id]));
      let removed = trx
        .deleteFrom('design_template_files')
        .where('merchant_id', '=', merchantId)
        .where('template_id', '=', id);
      if (kept.length > 0) removed = removed.where('id', 'not in', kept);
      await removed.execute();
    }
    for (const [index, { id: fileId, ...file }] of files.entries()) {
      if (fileId !== undefined) {
        await trx
          .updateTable('design_template_files')
          .set({ serial_number: index + 1 })
          .where('merchant_id', '=', merchantId)
          .where('id', '=', fileId)
          .execute();
      } else {
        await trx
          .insertInto('design_template_files')
          .values({ ...file, merchant_id: merchantId, template_id: id, serial_number: index + 1 })
          .execute();
      }
    }
    return id;
  });
}

/** Deletes a template read at `revision` with its files; false when it is not there at that revision. */
export async function deleteTemplateAt(db: Db, merchantId: number, id: number, revision: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await bumpAt(trx, 'design_templates', merchantId, id, revision))) return false;
    await trx
      .deleteFrom('design_template_files')
      .where('merchant_id', '=', merchantId)
      .where('template_id', '=', id)
      .execute();
    await trx
      .deleteFrom('design_templates')
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
    return true;
  });
}

const UPLOAD_COLUMNS = [
  'id',
  'merchant_id',
  'sha256',
  'format',
  'original_name',
  'size_bytes',
  'created_by',
  'created_at',
] as const;

/** Stores an uploaded template file, or finds the merchant's same content stored before. */
export async function insertTemplateUpload(
  db: Db,
  row: Insertable<SiteTemplateUploadTable>,
): Promise<TemplateUploadRow> {
  await db
    .insertInto('site_template_uploads')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_id', 'sha256']).doNothing())
    .execute();
  return db
    .selectFrom('site_template_uploads')
    .select(UPLOAD_COLUMNS)
    .where('merchant_id', '=', row.merchant_id)
    .where('sha256', '=', row.sha256)
    .executeTakeFirstOrThrow();
}

export async function findTemplateUpload(
  db: Db,
  merchantId: number,
  id: number,
): Promise<TemplateUploadRow | undefined> {
  return db
    .selectFrom('site_template_uploads')
    .select(UPLOAD_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The bytes and name of the merchant's uploaded template file `sha256`. */
export async function readTemplateUpload(db: Db, merchantId: number, sha256: string) {
  return db
    .selectFrom('site_template_uploads')
    .select(['content', 'original_name', 'format'])
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}
