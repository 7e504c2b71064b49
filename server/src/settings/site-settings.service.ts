import type { Kysely, Selectable } from 'kysely';
import type { SiteSettings, SiteSettingsInput, SiteSettingsView } from '../../../shared/site-settings.js';
import { siteSettingsInput } from '../../../shared/site-settings.js';
import type { Database, Listener } from '../db/database.js';
import type { DB, SiteSettingsTable } from '../db/schema.js';

/** The channel the site_settings trigger notifies on (migration 20261125-0010). */
export const SITE_SETTINGS_CHANNEL = 'site_settings';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The settings staff own, as they apply now (decision 034), read without a query: every page and every response's
 * security policy needs them. Starts from the environment's values, reads the saved row, and reads it again whenever
 * any instance changes it (the database notifies on commit, on PostgreSQL and PGlite alike).
 */
export class SiteSettingsStore {
  private settings: SiteSettings;
  private readsBegun = 0;
  private readApplied = 0;
  private listener: Listener | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    /** The environment's values: what applies while nothing is saved. */
    readonly defaults: SiteSettings,
    private readonly log?: Log,
  ) {
    this.settings = defaults;
  }

  get current(): SiteSettings {
    return this.settings;
  }

  /** Reads the saved settings and starts hearing every instance's changes. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.listener = await database.listen(SITE_SETTINGS_CHANNEL, {
      onNotify: () => void this.refresh(),
      // A change may have been missed while the connection was down.
      onLost: (listening) => void (listening && this.refresh()),
    });
    await this.refresh();
  }

  /**
   * Reads the row again. Once it returns, what applies is at least as new as this read: an overlapping read begun
   * later may finish first and is never undone by this older one. A failed read keeps what applies. A save reads
   * through its own transaction (`db`), which sees what it saved before that commits.
   */
  async refresh(db: Kysely<DB> = this.db): Promise<void> {
    const read = ++this.readsBegun;
    try {
      const settings = await readSiteSettings(db, this.defaults);
      if (read > this.readApplied) {
        this.readApplied = read;
        this.settings = settings;
      }
    } catch (err) {
      this.log?.warn({ err }, 'site settings not read again; the previous values still apply');
    }
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}

async function readSiteSettings(db: Kysely<DB>, defaults: SiteSettings): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').selectAll().executeTakeFirst();
  return row ? settingsOf(row) : defaults;
}

function settingsOf(row: Selectable<SiteSettingsTable>): SiteSettings {
  return {
    newsletterFormUrl: row.newsletter_form_url,
    registrationNumbers: row.registration_numbers,
    codeOfConductUrl: row.code_of_conduct_url,
    appointmentUrl: row.appointment_url,
  };
}

/** What the Settings screen shows: the saved row (one read) with who saved it, or the defaults. */
export async function getSiteSettingsView(db: Kysely<DB>, store: SiteSettingsStore): Promise<SiteSettingsView> {
  const row = await db
    .selectFrom('site_settings')
    .leftJoin('staff_users', 'staff_users.id', 'site_settings.updated_by')
    .selectAll('site_settings')
    .select('staff_users.name as saved_by')
    .executeTakeFirst();
  return {
    current: row ? settingsOf(row) : store.defaults,
    defaults: store.defaults,
    saved: row ? { at: row.updated_at, by: row.saved_by } : null,
  };
}

/** Saves every setting at once; every instance (this one before answering) uses them from now on. */
export async function saveSiteSettings(
  db: Kysely<DB>,
  store: SiteSettingsStore,
  staffId: number,
  input: SiteSettingsInput,
): Promise<SiteSettingsView> {
  const settings = siteSettingsInput.parse(input);
  const row = {
    newsletter_form_url: settings.newsletterFormUrl,
    registration_numbers: settings.registrationNumbers,
    code_of_conduct_url: settings.codeOfConductUrl,
    appointment_url: settings.appointmentUrl,
    updated_at: new Date(),
    updated_by: staffId,
  };
  await db
    .insertInto('site_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
  await store.refresh(db);
  return getSiteSettingsView(db, store);
}

/** Forgets the saved settings: the environment's values apply again. */
export async function resetSiteSettings(db: Kysely<DB>, store: SiteSettingsStore): Promise<SiteSettingsView> {
  await db.deleteFrom('site_settings').execute();
  await store.refresh(db);
  return getSiteSettingsView(db, store);
}
