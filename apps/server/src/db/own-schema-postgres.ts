import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

/**
 * Kysely's PostgreSQL introspector, looking only at the connection's current schema (the first of
 * its search_path that exists), found by oid.
 *
 * Kysely's own lists the tables of every schema of the database, testing each by name with
 * `has_schema_privilege`; a schema that another connection drops between PostgreSQL's reading of
 * the catalogue and that test fails the whole query ("schema … does not exist"). Its migrator asks
 * it at every start, so a server would fail to start while another schema of its database was
 * being dropped (as the PostgreSQL test suite does, each file on a schema of its own), and
 * another schema's bookkeeping tables could be taken for this one's. A server here works in one
 * schema, so that is all it looks at.
 */
export class OwnSchemaPostgresIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.#db);
    return rows.flatMap((row) => (row.name ? [{ name: row.name }] : []));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables
      ? sql``
      : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             c.relname as table, c.relkind as table_type, ns.nspname as schema,
             typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
               as auto_incrementing
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
       where c.relnamespace = (select oid from pg_catalog.pg_namespace where nspname = current_schema())
         and c.relkind in ('r', 'v', 'p')
         and a.attnum >= 0 and not a.attisdropped
         ${internal}
       order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.table_type === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing !== null,
        hasDefaultValue: row.has_default,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting the connection's own schema only. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaPostgresIntrospector(db);
  }
}
