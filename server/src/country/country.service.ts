import type { Kysely } from 'kysely';
import type { FileUpload } from 'graphql-upload-minimal';
import { countryCodeOfName } from '../../../shared/country-codes.js';
import type { AddCountryInput, GetCountriesInput, UpdateCountryInput } from '../../../shared/country.schema.js';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import type { Actor } from '../auth/staff-identity.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { saveBlob } from '../media/media.repository.js';
import { acceptImageUpload } from '../media/upload.js';
import * as repository from './country.repository.js';

/**
 * The staff member behind a public read, if any: staff also see disabled countries and their content (the admin
 * screens use the same reads); anyone else, including a caller with a bad or non-staff token, is a visitor.
 */
export async function viewerOf(authenticate: () => Promise<Actor>): Promise<Actor | undefined> {
  try {
    return await authenticate();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN')) return undefined;
    throw error;
  }
}

/** Public reads answer for enabled countries only; staff see every existing country. */
export async function isCountryVisible(db: Kysely<DB>, countryId: number, viewer: Actor | undefined): Promise<boolean> {
  const country = await repository.findCountryStatus(db, countryId);
  return country !== undefined && (viewer !== undefined || country.is_enabled === 'ENABLE');
}

/**
 * Visitors get the enabled countries; an ADMIN every country; an EDITOR the countries they may change (issue 6:
 * "An EDITOR sees and edits only their countries"), so staff screens offer nothing the API would refuse.
 */
export function getCountries(db: Kysely<DB>, input: GetCountriesInput, viewer: Actor | undefined) {
  return repository.listCountries(db, {
    filter: input.filter,
    enabledOnly: viewer === undefined,
    ...(viewer?.role === 'EDITOR' ? { onlyIds: viewer.countryIds } : {}),
  });
}

const nameTaken = () =>
  new AppError('CONFLICT', 'A country with this name already exists.', { name: 'This country already exists' });
const codeTaken = () =>
  new AppError('CONFLICT', 'Another country site has this address code.', {
    code: 'Another country site has this code',
  });

/** A unique violation as the form's message: the code's index, or else the name's. */
function taken(error: unknown): unknown {
  if (repository.isUniqueViolation(error, repository.COUNTRY_CODE_KEY)) return codeTaken();
  return repository.isUniqueViolation(error) ? nameTaken() : error;
}

/**
 * A new country's address code (decision 066): the one given, or the code of the country it is named after. A
 * country with neither (the spec's addCountry takes a name only) has no address of its own until staff give one.
 */
function codeOf(input: AddCountryInput): string | null {
  return input.code ?? countryCodeOfName(input.name) ?? null;
}

/**
 * Reads and checks a flag upload before any database work, so a bad file changes nothing. A flag may be SVG
 * (spec: Country has a flag_url), stored only as sanitised.
 */
async function flagOf(image: Promise<FileUpload> | null | undefined) {
  return image ? (await acceptImageUpload(image, { field: 'image', svg: true })).blob : undefined;
}

export async function addCountry(db: Kysely<DB>, input: AddCountryInput, image?: Promise<FileUpload> | null) {
  const code = codeOf(input);
  const flag = await flagOf(image);
  return inTransaction(db, async (trx) => {
    const flag_sha256 = flag ? await saveBlob(trx, flag) : null;
    let country;
    try {
      country = await repository.insertCountry(trx, { ...input, code, flag_sha256 });
    } catch (error) {
      throw taken(error);
    }
    if (!country) throw nameTaken();
    return country;
  });
}

/** The Global country (id 1) is every visitor's fallback, so it can never be disabled. */
export async function updateCountry(db: Kysely<DB>, input: UpdateCountryInput, image?: Promise<FileUpload> | null) {
  const { id, ...changes } = input;
  if (id === GLOBAL_COUNTRY_ID && changes.is_enabled === 'DISABLE') {
    throw new AppError('BAD_USER_INPUT', 'The Global country cannot be disabled.', {
      is_enabled: 'The Global country cannot be disabled',
    });
  }
  if (id === GLOBAL_COUNTRY_ID && changes.code !== undefined) {
    throw new AppError('BAD_USER_INPUT', 'The Global site is at the root address and has no code.', {
      code: 'The Global site has no code',
    });
  }
  const flag = await flagOf(image);
  return inTransaction(db, async (trx) => {
    const flag_sha256 = flag ? await saveBlob(trx, flag) : undefined;
    let country;
    try {
      country = await repository.updateCountryRow(trx, id, { ...changes, ...(flag_sha256 ? { flag_sha256 } : {}) });
    } catch (error) {
      throw taken(error);
    }
    if (!country) throw new AppError('NOT_FOUND', 'Country not found.');
    return country;
  });
}
