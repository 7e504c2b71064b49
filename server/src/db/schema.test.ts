/**
 * Also run on PostgreSQL (decision 056): migrations up and down, constraints, enum types.
 * @module-tag database-engine
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as enums from '../../../shared/enums.js';
import type { VideoCategory } from '../../../shared/enums.js';
import { APPOINTMENT_MEETINGS, APPOINTMENT_RESPONSES, APPOINTMENT_TIMES } from '../../../shared/appointment.js';
import { LEAD_CHANNELS } from '../../../shared/lead-source.js';
import { LEAD_EVENT_KINDS, LEAD_KINDS, LEAD_STATUSES, PRIVACY_ACTIONS } from '../../../shared/leads.js';
import { MAIL_PURPOSES, MAIL_STATUSES } from '../../../shared/mail.js';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../shared/webhooks.js';
import { createTestDatabase, testDatabaseTarget } from '../../test/database.js';
import { adminQuery, withDatabase } from '../../test/global-setup.js';
import { openPglite, openPostgres, type Database } from './database.js';
import { migrateToLatest, migrateToNothing } from './migrate.js';
import type { DB } from './schema.js';

/** Kysely's bookkeeping tables (and their indexes and row types) are not part of our schema. */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** The database enum types and the lists they must carry, in order. */
const ENUM_LISTS: Record<string, readonly string[]> = {
  image_category: enums.IMAGE_CATEGORIES,
  video_category: enums.VIDEO_CATEGORIES,
  hear_about_us: enums.HEAR_ABOUT_US,
  interested_service: enums.INTERESTED_SERVICES,
  enable_status: enums.ENABLE_STATUSES,
  policy_type: enums.POLICY_TYPES,
  general_form_service: enums.GENERAL_FORM_SERVICES,
  staff_role: enums.STAFF_ROLES,
  mail_purpose: MAIL_PURPOSES,
  mail_status: MAIL_STATUSES,
  lead_kind: LEAD_KINDS,
  lead_status: LEAD_STATUSES,
  lead_event_kind: LEAD_EVENT_KINDS,
  lead_channel: LEAD_CHANNELS,
  appointment_meeting: APPOINTMENT_MEETINGS,
  appointment_response: APPOINTMENT_RESPONSES,
  appointment_time: APPOINTMENT_TIMES,
  privacy_action: PRIVACY_ACTIONS,
  webhook_delivery_status: WEBHOOK_DELIVERY_STATUSES,
};

/** What the drivers hand back for each PostgreSQL type (see database.ts). */
const PG_KINDS: Record<string, string> = {
  text: 'string',
  'character varying': 'string',
  inet: 'string',
  uuid: 'string',
  date: 'string',
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'string',
  bytea: 'Uint8Array',
  jsonb: 'json',
};

interface ColumnShape {
  nullable: boolean;
  /** Has a default or identity in the database; wrapped in Generated/ColumnType with an optional insert in TS. */
  generated: boolean;
  kind: string;
  /** Enum labels, sorted; only for enum columns. */
  labels?: string[];
}

type Shapes = Map<string, Map<string, ColumnShape>>;

function unionMembers(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

/** Reads `DB` from schema.ts with the compiler, reducing each column to what the database can confirm. */
function readSchemaTypes(): { shapes: Shapes; diagnostics: string[] } {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`Cannot load ${file}`);
  // An unresolved import would turn column types into `any` and hide every difference.
  const diagnostics = ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const dbSymbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'DB');
  if (!dbSymbol) throw new Error('schema.ts exports no DB interface');

  const kindOf = (members: ts.Type[]): Pick<ColumnShape, 'kind' | 'labels'> => {
    if (members.length > 0 && members.every((m) => m.isStringLiteral())) {
      return { kind: 'enum', labels: members.map((m) => m.value).sort() };
    }
    if (members.length === 2 && members.every((m) => m.flags & ts.TypeFlags.BooleanLiteral)) return { kind: 'boolean' };
    if (members.length === 1) {
      const [only] = members as [ts.Type];
      if (only.flags & ts.TypeFlags.String) return { kind: 'string' };
      if (only.flags & ts.TypeFlags.Number) return { kind: 'number' };
      const name = only.getSymbol()?.name;
      if (name === 'Date' || name === 'Uint8Array') return { kind: name };
      // A JSON column's shape (an object type of ours) is more than the database can confirm.
      if (only.flags & ts.TypeFlags.Object) return { kind: 'json' };
    }
    return { kind: `unsupported TS type ${members.map((m) => checker.typeToString(m)).join(' | ')}` };
  };

  const shapes: Shapes = new Map();
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(dbSymbol))) {
    const columns = new Map<string, ColumnShape>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const declared = checker.getTypeOfSymbol(column);
      // ColumnType<S, I, U> (and so Generated<S>) is an object with phantom __select__/__insert__ members.
      const select = checker.getPropertyOfType(declared, '__select__');
      const insert = checker.getPropertyOfType(declared, '__insert__');
      const selectType = select ? checker.getTypeOfSymbol(select) : declared;
      const generated =
        !!insert && unionMembers(checker.getTypeOfSymbol(insert)).some((m) => m.flags & ts.TypeFlags.Undefined);
      const members = unionMembers(selectType);
      columns.set(column.name, {
        nullable: members.some((m) => m.flags & ts.TypeFlags.Null),
        generated,
        ...kindOf(members.filter((m) => !(m.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))),
      });
    }
    shapes.set(table.name, columns);
  }
  return { shapes, diagnostics };
}

async function enumLabels<T>(db: Kysely<T>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ type_name: string; label: string }>`
    select t.typname as type_name, e.enumlabel as label
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    join pg_enum e on e.enumtypid = t.oid
    where n.nspname = 'public'
    order by t.typname, e.enumsortorder
  `.execute(db);
  const labels = new Map<string, string[]>();
  for (const row of rows) labels.set(row.type_name, [...(labels.get(row.type_name) ?? []), row.label]);
  return labels;
}

async function readDatabaseShapes<T>(db: Kysely<T>): Promise<Shapes> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
    data_type: string;
    udt_name: string;
  }>`
    select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity, c.data_type, c.udt_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.table_name not in (${sql.join(KYSELY_TABLES)})
    order by c.table_name, c.ordinal_position
  `.execute(db);
  const labels = await enumLabels(db);
  const shapes: Shapes = new Map();
  for (const row of rows) {
    const columns = shapes.get(row.table_name) ?? new Map<string, ColumnShape>();
    shapes.set(row.table_name, columns);
    const isEnum = row.data_type === 'USER-DEFINED' && labels.has(row.udt_name);
    columns.set(row.column_name, {
      nullable: row.is_nullable === 'YES',
      generated: row.column_default !== null || row.is_identity === 'YES',
      kind: isEnum
        ? 'enum'
        : (PG_KINDS[row.data_type] ?? `unmapped PostgreSQL type ${row.data_type} (${row.udt_name})`),
      ...(isEnum ? { labels: [...(labels.get(row.udt_name) ?? [])].sort() } : {}),
    });
  }
  return shapes;
}

function compareShapes(typescript: Shapes, database: Shapes): string[] {
  const differences: string[] = [];
  const describeShape = (c: ColumnShape) =>
    `${c.kind}${c.labels ? `(${c.labels.join(',')})` : ''}${c.nullable ? ' | null' : ''}${c.generated ? ' [generated/default]' : ''}`;
  for (const table of new Set([...typescript.keys(), ...database.keys()])) {
    const tsColumns = typescript.get(table);
    const dbColumns = database.get(table);
    if (!tsColumns) {
      differences.push(`${table}: table exists in the database but not in DB (schema.ts)`);
      continue;
    }
    if (!dbColumns) {
      differences.push(`${table}: in DB (schema.ts) but no such table in the database`);
      continue;
    }
    for (const column of new Set([...tsColumns.keys(), ...dbColumns.keys()])) {
      const inTs = tsColumns.get(column);
      const inDb = dbColumns.get(column);
      const where = `${table}.${column}`;
      if (!inTs) differences.push(`${where}: column exists in the database but not in schema.ts`);
      else if (!inDb) differences.push(`${where}: in schema.ts but no such column in the database`);
      else if (JSON.stringify(inTs) !== JSON.stringify(inDb)) {
        differences.push(`${where}: schema.ts says ${describeShape(inTs)}, database says ${describeShape(inDb)}`);
      }
    }
  }
  return differences;
}

async function tableNames<T>(db: Kysely<T>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not in (${sql.join(KYSELY_TABLES)})
    order by table_name
  `.execute(db);
  return rows.map((r) => r.table_name);
}

/** Everything the migration defines, as text: columns, constraints and indexes. */
async function schemaFingerprint<T>(db: Kysely<T>): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select line from (
      select format('column %s.%s %s %s %s %s', table_name, column_name, udt_name, is_nullable, is_identity,
                    coalesce(column_default, '-')) as line
      from information_schema.columns where table_schema = 'public'
      union all
      select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select format('index %s', indexdef) from pg_indexes where schemaname = 'public'
      union all
      select format('enum %s %s', t.typname, e.enumlabel)
      from pg_enum e join pg_type t on t.oid = e.enumtypid where t.typnamespace = 'public'::regnamespace
    ) lines
    order by line
  `.execute(db);
  return rows.map((r) => r.line);
}

describe('schema.ts matches the migrated database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has the same tables, columns, nullability, defaults and types', async () => {
    const { shapes, diagnostics } = readSchemaTypes();
    expect(diagnostics).toEqual([]);
    const dbShapes = await readDatabaseShapes(database.db);
    expect(dbShapes.size).toBeGreaterThan(0);
    expect(compareShapes(shapes, dbShapes)).toEqual([]);
  });

  it('has enum types carrying exactly the labels of shared/enums.ts, in order', async () => {
    const labels = await enumLabels(database.db);
    expect(Object.fromEntries(labels)).toEqual(Object.fromEntries(Object.entries(ENUM_LISTS)));
  });
});

describe('migrations', () => {
  it('go up, down to nothing, and up again to the same schema', async () => {
    const target = testDatabaseTarget();
    let database: Database;
    let cleanup = async () => {};
    if (target.kind === 'postgres') {
      // Named with the run's prefix so the global teardown removes it even if this file crashes.
      const name = `${target.prefix}_migrations_${randomBytes(4).toString('hex')}`;
      await adminQuery(target.serverUrl, `CREATE DATABASE ${name}`);
      database = openPostgres(withDatabase(target.serverUrl, name), { max: 1 });
      cleanup = async () => void (await adminQuery(target.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    } else {
      database = await openPglite();
    }
    try {
      // migrate.ts takes Kysely<unknown>, which a Kysely<DB> does not satisfy.
      const db = database.db as unknown as Kysely<unknown>;
      expect(await migrateToLatest(db)).not.toEqual([]);
      const tables = await tableNames(db);
      const fingerprint = await schemaFingerprint(db);
      expect(tables.length).toBeGreaterThan(0);

      await migrateToNothing(db);
      const { rows: leftovers } = await sql<{ name: string }>`
        select format('%s (relkind %s)', c.relname, c.relkind) as name
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relname not like 'kysely\_migration%'
        union all
        select format('type %s', t.typname)
        from pg_type t
        where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'c', 'r')
          and t.typname not like 'kysely\_migration%'
      `.execute(db);
      expect(leftovers.map((r) => r.name)).toEqual([]);

      await migrateToLatest(db);
      expect(await tableNames(db)).toEqual(tables);
      expect(await schemaFingerprint(db)).toEqual(fingerprint);
    } finally {
      await database.close();
      await cleanup();
    }
  });
});

describe('constraints', () => {
  let database: Database;
  let db: Kysely<DB>;
  beforeAll(async () => {
    database = await createTestDatabase('migrated');
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  const addCountry = async (name: string) =>
    (await db.insertInto('countries').values({ name }).returning('id').executeTakeFirstOrThrow()).id;

  const addImage = async () => {
    const data = randomBytes(16);
    const sha256 = createHash('sha256').update(data).digest('hex');
    await db
      .insertInto('media_blobs')
      .values({ sha256, content_type: 'image/png', byte_size: data.length, data })
      .execute();
    const image = await db
      .insertInto('images')
      .values({ image_name: 'picture.png', blob_sha256: sha256, category: 'BANNER' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return image.id;
  };

  it('rejects a country name that differs only by case', async () => {
    await addCountry('Nepal');
    await expect(addCountry('NEPAL')).rejects.toMatchObject({ code: '23505', constraint: 'countries_name_key' });
  });

  it('defaults a new country to ENABLE and stamps it', async () => {
    const country = await db
      .insertInto('countries')
      .values({ name: 'Canada' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(country).toMatchObject({ is_enabled: 'ENABLE', flag_sha256: null });
    expect(country.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('allows one header contact info per country', async () => {
    const countryId = await addCountry('Australia');
    const info = { country_id: countryId, email: 'a@example.com', phone_number: '1', address: 'Sydney' };
    await db.insertInto('header_contact_infos').values(info).execute();
    await expect(db.insertInto('header_contact_infos').values(info).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'header_contact_infos_country_id_key',
    });
  });

  it('rejects linking the same page to a country twice, and cascades the link when the country goes', async () => {
    const countryId = await addCountry('United Kingdom');
    const page = await db.insertInto('pages').values({ name: 'About Us' }).returning('id').executeTakeFirstOrThrow();
    const link = { country_id: countryId, page_id: page.id };
    await db.insertInto('country_pages').values(link).execute();
    await expect(db.insertInto('country_pages').values(link).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'country_pages_pkey',
    });

    await db.deleteFrom('countries').where('id', '=', countryId).execute();
    const links = await db.selectFrom('country_pages').selectAll().where('page_id', '=', page.id).execute();
    expect(links).toEqual([]);
    // The page itself stays.
    expect(await db.selectFrom('pages').select('id').where('id', '=', page.id).executeTakeFirst()).toBeDefined();
  });

  it('rejects an unknown enum value', async () => {
    const insert = db
      .insertInto('videos')
      .values({ video_url: 'https://example.com/v', video_name: 'v', category: 'PODCAST' as VideoCategory })
      .execute();
    await expect(insert).rejects.toMatchObject({ code: '22P02' });
  });

  it('refuses to delete an image a banner uses', async () => {
    const imageId = await addImage();
    await db.insertInto('banners').values({ title: 'Hello', description: 'World', image_id: imageId }).execute();
    const error: unknown = await db
      .deleteFrom('images')
      .where('id', '=', imageId)
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ constraint: 'banners_image_id_fkey' });
    // ON DELETE RESTRICT: PostgreSQL 17 (PGlite) reports restrict_violation, 15 foreign_key_violation.
    expect(['23001', '23503']).toContain((error as { code?: string }).code);
  });

  it('enforces the check constraints', async () => {
    const imageId = await addImage();
    const testimonial = { name: 'A', image_id: imageId, testimonial: 'Great', relation: 'Student' };
    await expect(
      db
        .insertInto('testimonials')
        .values({ ...testimonial, rating: 6 })
        .execute(),
    ).rejects.toMatchObject({
      code: '23514',
      constraint: 'testimonials_rating_check',
    });
    await db
      .insertInto('testimonials')
      .values({ ...testimonial, rating: 5 })
      .execute();

    const countryId = await addCountry('Japan');
    const entry = {
      country_id: countryId,
      policy_types: 'SINGLE' as const,
      policy_start_date: '2026-02-01',
      policy_end_date: '2026-01-31',
      phone_no: '1',
      email: 'a@example.com',
    };
    await expect(db.insertInto('oshc_form_entries').values(entry).execute()).rejects.toMatchObject({
      code: '23514',
      constraint: 'oshc_form_entries_policy_dates_check',
    });
    const saved = await db
      .insertInto('oshc_form_entries')
      .values({ ...entry, policy_end_date: '2026-02-01' })
      .returning(['policy_start_date'])
      .executeTakeFirstOrThrow();
    // Both drivers keep dates as strings.
    expect(saved.policy_start_date).toBe('2026-02-01');

    const blob = { sha256: 'A'.repeat(64), content_type: 'image/png', byte_size: 1, data: new Uint8Array([1]) };
    await expect(db.insertInto('media_blobs').values(blob).execute()).rejects.toMatchObject({
      code: '23514',
      constraint: 'media_blobs_sha256_check',
    });
  });
});

describe('indexes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lead with the column of every foreign key', async () => {
    // Without one, deleting a referenced row (cascade/restrict checks) scans the referencing table.
    const { rows } = await sql<{ foreign_key: string; indexed: boolean }>`
      select format('%s.%s (%s)', c.conrelid::regclass, a.attname, c.conname) as foreign_key,
             exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      order by 1
    `.execute(database.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.indexed).map((r) => r.foreign_key)).toEqual([]);
  });
});
