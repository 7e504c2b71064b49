import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import {
  ENABLE_STATUSES,
  GENERAL_FORM_SERVICES,
  HEAR_ABOUT_US,
  IMAGE_CATEGORIES,
  INTERESTED_SERVICES,
  POLICY_TYPES,
  STAFF_ROLES,
  VIDEO_CATEGORIES,
} from '../shared/enums.js';

/*
 * The whole schema of the first release. Every `sql` statement below is a single statement on purpose:
 * PGlite runs them through the extended protocol, which rejects multi-statement strings.
 */

const ENUMS = {
  image_category: IMAGE_CATEGORIES,
  video_category: VIDEO_CATEGORIES,
  hear_about_us: HEAR_ABOUT_US,
  interested_service: INTERESTED_SERVICES,
  enable_status: ENABLE_STATUSES,
  policy_type: POLICY_TYPES,
  general_form_service: GENERAL_FORM_SERVICES,
  staff_role: STAFF_ROLES,
} as const satisfies Record<string, readonly string[]>;

/** Creation order; `down` drops them in reverse so foreign keys never dangle. */
const TABLES = [
  'media_blobs',
  'countries',
  'pages',
  'country_pages',
  'branches',
  'images',
  'videos',
  'banners',
  'banner_pages',
  'header_contact_infos',
  'footer_social_media',
  'google_maps',
  'home_about_us',
  'home_services',
  'testimonials',
  'testimonial_countries',
  'country_gallery_images',
  'country_gallery_videos',
  'popups',
  'popup_countries',
  'team_members',
  'team_member_countries',
  'country_certificates',
  'team_certifications',
  'contact_us_entries',
  'general_form_entries',
  'oshc_form_entries',
  'staff_users',
  'staff_user_countries',
  'seed_runs',
] as const;

const enumType = (name: keyof typeof ENUMS) => sql.id(name);

function withId<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}

function withCreatedAt<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`));
}

function withTimestamps<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return withCreatedAt(table).addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`));
}

/** A link table: two cascading foreign keys forming the primary key, plus an index led by the second one. */
async function createLinkTable(
  db: Kysely<any>,
  name: string,
  left: { column: string; references: string },
  right: { column: string; references: string },
  options: { createdAt?: boolean } = {},
): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn(left.column, 'integer', (col) => col.notNull().references(left.references).onDelete('cascade'))
    .addColumn(right.column, 'integer', (col) => col.notNull().references(right.references).onDelete('cascade'));
  if (options.createdAt ?? true) table = withCreatedAt(table);
  await table.addPrimaryKeyConstraint(`${name}_pkey`, [left.column, right.column]).execute();
  await db.schema.createIndex(`${name}_${right.column}_idx`).on(name).column(right.column).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, labels] of Object.entries(ENUMS)) {
    // DDL takes no bind parameters, so labels go in as escaped literals.
    await sql`create type ${sql.id(name)} as enum (${sql.join(labels.map((label) => sql.lit(label)))})`.execute(db);
  }

  // Uploaded bytes, content-addressed; images and flags point here.
  await db.schema
    .createTable('media_blobs')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('data', 'bytea', (col) => col.notNull())
    .$call(withCreatedAt)
    .addCheckConstraint('media_blobs_sha256_check', sql`sha256 ~ '^[0-9a-f]{64}$'`)
    .addCheckConstraint('media_blobs_byte_size_check', sql`byte_size > 0`)
    .addCheckConstraint('media_blobs_width_check', sql`width > 0`)
    .addCheckConstraint('media_blobs_height_check', sql`height > 0`)
    .execute();

  await db.schema
    .createTable('countries')
    .$call(withId)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('flag_sha256', 'text', (col) => col.references('media_blobs.sha256').onDelete('restrict'))
    .addColumn('is_enabled', enumType('enable_status'), (col) => col.notNull().defaultTo('ENABLE'))
    .$call(withTimestamps)
    .execute();
  await db.schema
    .createIndex('countries_name_key')
    .on('countries')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.createIndex('countries_flag_sha256_idx').on('countries').column('flag_sha256').execute();

  await db.schema
    .createTable('pages')
    .$call(withId)
    .addColumn('name', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .execute();
  await db.schema
    .createIndex('pages_name_key')
    .on('pages')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await createLinkTable(
    db,
    'country_pages',
    { column: 'country_id', references: 'countries.id' },
    { column: 'page_id', references: 'pages.id' },
  );

  await db.schema
    .createTable('branches')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('restrict'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('google_map_link', 'text')
    .addColumn('messenger_url', 'text')
    .$call(withTimestamps)
    .execute();
  // Also serves as the index on country_id.
  await sql`create unique index branches_country_id_name_key on branches (country_id, lower(name))`.execute(db);

  await db.schema
    .createTable('images')
    .$call(withId)
    .addColumn('image_name', 'text', (col) => col.notNull())
    .addColumn('blob_sha256', 'text', (col) => col.notNull().references('media_blobs.sha256').onDelete('restrict'))
    .addColumn('category', enumType('image_category'), (col) => col.notNull())
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('images_category_id_idx').on('images').columns(['category', 'id']).execute();
  await db.schema.createIndex('images_blob_sha256_idx').on('images').column('blob_sha256').execute();

  await db.schema
    .createTable('videos')
    .$call(withId)
    .addColumn('video_url', 'text', (col) => col.notNull())
    .addColumn('video_name', 'text', (col) => col.notNull())
    .addColumn('category', enumType('video_category'), (col) => col.notNull())
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('videos_category_id_idx').on('videos').columns(['category', 'id']).execute();

  await db.schema
    .createTable('banners')
    .$call(withId)
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('button_name', 'text')
    .addColumn('button_url', 'text')
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('restrict'))
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('banners_image_id_idx').on('banners').column('image_id').execute();

  await createLinkTable(
    db,
    'banner_pages',
    { column: 'banner_id', references: 'banners.id' },
    { column: 'page_id', references: 'pages.id' },
  );

  await db.schema
    .createTable('header_contact_infos')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().unique().references('countries.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .execute();

  await db.schema
    .createTable('footer_social_media')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('restrict'))
    .addColumn('social_media_link', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .execute();
  await db.schema
    .createIndex('footer_social_media_country_id_idx')
    .on('footer_social_media')
    .column('country_id')
    .execute();
  await db.schema
    .createIndex('footer_social_media_image_id_idx')
    .on('footer_social_media')
    .column('image_id')
    .execute();

  await db.schema
    .createTable('google_maps')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().unique().references('countries.id').onDelete('cascade'))
    .addColumn('google_map_link', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .execute();

  await db.schema
    .createTable('home_about_us')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().unique().references('countries.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('restrict'))
    .addColumn('description', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('home_about_us_video_id_idx').on('home_about_us').column('video_id').execute();

  await db.schema
    .createTable('home_services')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('restrict'))
    .$call(withTimestamps)
    .execute();
  await db.schema
    .createIndex('home_services_country_id_id_idx')
    .on('home_services')
    .columns(['country_id', 'id'])
    .execute();
  await db.schema.createIndex('home_services_image_id_idx').on('home_services').column('image_id').execute();

  await db.schema
    .createTable('testimonials')
    .$call(withId)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('restrict'))
    .addColumn('testimonial', 'text', (col) => col.notNull())
    .addColumn('rating', 'smallint', (col) => col.notNull())
    .addColumn('relation', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .addCheckConstraint('testimonials_rating_check', sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex('testimonials_image_id_idx').on('testimonials').column('image_id').execute();

  await createLinkTable(
    db,
    'testimonial_countries',
    { column: 'testimonial_id', references: 'testimonials.id' },
    { column: 'country_id', references: 'countries.id' },
  );
  await createLinkTable(
    db,
    'country_gallery_images',
    { column: 'country_id', references: 'countries.id' },
    { column: 'image_id', references: 'images.id' },
  );
  await createLinkTable(
    db,
    'country_gallery_videos',
    { column: 'country_id', references: 'countries.id' },
    { column: 'video_id', references: 'videos.id' },
  );

  await db.schema
    .createTable('popups')
    .$call(withId)
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('restrict'))
    .addColumn('link', 'text')
    .addColumn('option', enumType('enable_status'), (col) => col.notNull().defaultTo('ENABLE'))
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('popups_image_id_idx').on('popups').column('image_id').execute();

  await createLinkTable(
    db,
    'popup_countries',
    { column: 'popup_id', references: 'popups.id' },
    { column: 'country_id', references: 'countries.id' },
  );

  await db.schema
    .createTable('team_members')
    .$call(withId)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('whatsapp', 'text')
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id').onDelete('restrict'))
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('team_members_image_id_idx').on('team_members').column('image_id').execute();

  await createLinkTable(
    db,
    'team_member_countries',
    { column: 'team_member_id', references: 'team_members.id' },
    { column: 'country_id', references: 'countries.id' },
  );

  await db.schema
    .createTable('country_certificates')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('certificate_name', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .addUniqueConstraint('country_certificates_country_id_certificate_name_key', ['country_id', 'certificate_name'])
    .execute();

  await db.schema
    .createTable('team_certifications')
    .$call(withId)
    .addColumn('team_member_id', 'integer', (col) => col.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('country_certificate_id', 'integer', (col) =>
      col.notNull().references('country_certificates.id').onDelete('cascade'),
    )
    .addColumn('certificate_code', 'text', (col) => col.notNull())
    .$call(withTimestamps)
    .addUniqueConstraint('team_certifications_team_member_id_country_certificate_id_key', [
      'team_member_id',
      'country_certificate_id',
    ])
    .execute();
  await db.schema
    .createIndex('team_certifications_country_certificate_id_idx')
    .on('team_certifications')
    .column('country_certificate_id')
    .execute();

  // Form entries: country_id is restrict so submissions are never lost with a country;
  // submission_id makes a retried submit idempotent.
  await db.schema
    .createTable('contact_us_entries')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('restrict'))
    .addColumn('branch_id', 'integer', (col) => col.references('branches.id').onDelete('set null'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email_address', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('hear_about_us', enumType('hear_about_us'), (col) => col.notNull())
    .addColumn('interested_service', enumType('interested_service'), (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('has_agreed_to_terms', 'boolean', (col) => col.notNull())
    .addColumn('submitter_ip', sql`inet`)
    .addColumn('submission_id', 'uuid', (col) => col.unique())
    .$call(withCreatedAt)
    .execute();
  await db.schema
    .createIndex('contact_us_entries_country_id_created_at_idx')
    .on('contact_us_entries')
    .columns(['country_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('contact_us_entries_branch_id_idx')
    .on('contact_us_entries')
    .column('branch_id')
    .execute();

  await db.schema
    .createTable('general_form_entries')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('restrict'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email_address', 'text', (col) => col.notNull())
    .addColumn('contact_number', 'text', (col) => col.notNull())
    .addColumn('services', enumType('general_form_service'), (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull())
    .addColumn('has_agreed_to_terms', 'boolean', (col) => col.notNull())
    .addColumn('submitter_ip', sql`inet`)
    .addColumn('submission_id', 'uuid', (col) => col.unique())
    .$call(withCreatedAt)
    .execute();
  await db.schema
    .createIndex('general_form_entries_country_id_created_at_idx')
    .on('general_form_entries')
    .columns(['country_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('oshc_form_entries')
    .$call(withId)
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('restrict'))
    .addColumn('policy_types', enumType('policy_type'), (col) => col.notNull())
    .addColumn('policy_start_date', 'date', (col) => col.notNull())
    .addColumn('policy_end_date', 'date', (col) => col.notNull())
    .addColumn('phone_no', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('submitter_ip', sql`inet`)
    .addColumn('submission_id', 'uuid', (col) => col.unique())
    .$call(withCreatedAt)
    .addCheckConstraint('oshc_form_entries_policy_dates_check', sql`policy_end_date >= policy_start_date`)
    .execute();
  await db.schema
    .createIndex('oshc_form_entries_country_id_created_at_idx')
    .on('oshc_form_entries')
    .columns(['country_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('staff_users')
    .$call(withId)
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', enumType('staff_role'), (col) => col.notNull().defaultTo('EDITOR'))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('password_hash', 'text')
    .$call(withTimestamps)
    .execute();
  await db.schema
    .createIndex('staff_users_email_key')
    .on('staff_users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  // An editor's countries.
  await createLinkTable(
    db,
    'staff_user_countries',
    { column: 'staff_user_id', references: 'staff_users.id' },
    { column: 'country_id', references: 'countries.id' },
    { createdAt: false },
  );

  // Which seed sets this database has had, so each is applied once (server/src/seed).
  await db.schema
    .createTable('seed_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Indexes and constraints go with their tables.
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).execute();
  for (const name of Object.keys(ENUMS).reverse()) await db.schema.dropType(name).execute();
}
