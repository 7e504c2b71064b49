import { sql, type Expression, type SqlBool } from 'kysely';
import type { LinkTable } from '../db/links.js';

/** How a library list (images or videos) may be narrowed by country gallery and by name. */
export interface MediaListFilter {
  /** Only items in this country's gallery. */
  galleryOf?: number;
  /** Only items in this country's gallery, and only while the country is enabled (public reads). */
  enabledGalleryOf?: number;
  /** Only items not in this country's gallery. */
  notInGalleryOf?: number;
  /** Case-insensitive part of the name. */
  nameContains?: string | null;
}

/** `%` and `_` in a filter are plain characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The conditions of `filter` on a library list: `gallery` is the kind's gallery link table, `columns` the listed
 * item's id and name columns (e.g. `images.id`, `images.image_name`).
 */
export function mediaListConditions(
  gallery: LinkTable,
  columns: { id: string; name: string },
  filter: MediaListFilter,
): Expression<SqlBool>[] {
  const table = sql.table(gallery.table);
  const item = sql.ref(`${gallery.table}.${gallery.item}`);
  const country = sql.ref(`${gallery.table}.${gallery.owner}`);
  const inGallery = (countryId: number) =>
    sql`select 1 from ${table} where ${item} = ${sql.ref(columns.id)} and ${country} = ${countryId}`;
  const conditions: Expression<SqlBool>[] = [];
  if (filter.galleryOf !== undefined) conditions.push(sql<SqlBool>`exists (${inGallery(filter.galleryOf)})`);
  if (filter.enabledGalleryOf !== undefined) {
    conditions.push(sql<SqlBool>`exists (select 1 from ${table} join countries on countries.id = ${country}
      where ${item} = ${sql.ref(columns.id)} and ${country} = ${filter.enabledGalleryOf}
        and countries.is_enabled = 'ENABLE')`);
  }
  if (filter.notInGalleryOf !== undefined)
    conditions.push(sql<SqlBool>`not exists (${inGallery(filter.notInGalleryOf)})`);
  if (filter.nameContains) {
    conditions.push(sql<SqlBool>`${sql.ref(columns.name)} ilike ${containsPattern(filter.nameContains)}`);
  }
  return conditions;
}
