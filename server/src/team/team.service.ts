import type { Kysely } from 'kysely';
import type { DeleteResult } from '../../../shared/delete-result.js';
import type { PaginateInput } from '../../../shared/pagination.schema.js';
import type { TeamMemberCard } from '../../../shared/site-content.js';
import type {
  AddTeamInput,
  AddTeamToOtherCountryArgs,
  DeleteTeamArgs,
  DeleteTeamFromCountryArgs,
  TeamCertificationInput,
  UpdateTeamInput,
} from '../../../shared/team.schema.js';
import { checkStoredField, type Edit } from '../audit/edit-conflicts.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists, countriesByItem, type Country } from '../country/country.repository.js';
import { assertMayChangeItems } from '../content/item-access.js';
import { deleteSharedItem, linkItems, linkItemToOwners, ownersOf, unlinkItem } from '../db/links.js';
import { pageOf, type PageResult } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { imagesByIds, type Image } from '../media/image.repository.js';
import * as repository from './team.repository.js';
import { TEAM_COUNTRIES, type MemberRow } from './team.repository.js';

export interface CountryCertificate {
  id: number;
  certificate_name: string;
  country_id: number;
}

/** A certification as the spec names it: the code, and the country certificate it is of. */
export interface TeamCertification {
  id: number;
  certificate_code: string;
  countries_certifications: CountryCertificate;
}

export interface Team extends TeamMemberCard {
  image: Image;
  countries: Country[];
  teamsCountriesCertifications: TeamCertification[];
  isDeletable: boolean;
  created_at: string;
  updated_at: string;
}

/** addTeam/updateTeam answer with a message and the member's id (spec §7). */
export interface TeamMessage {
  message: string;
  id: number;
}

/**
 * Attaches image, countries and certifications to a list of members in three queries, whatever its length.
 * Visitors (`enabledOnly`) see only enabled countries and the certifications of those.
 */
async function withDetails(db: Kysely<DB>, rows: MemberRow[], enabledOnly = false): Promise<Team[]> {
  const ids = rows.map((row) => row.id);
  const [images, countries, certificationRows] = await Promise.all([
    imagesByIds(
      db,
      rows.map((row) => row.image_id),
    ),
    countriesByItem(db, TEAM_COUNTRIES, ids),
    repository.certificationsOfMembers(db, ids),
  ]);
  const certifications = new Map<number, TeamCertification[]>();
  for (const c of certificationRows) {
    const list = certifications.get(c.team_member_id) ?? [];
    list.push({
      id: c.id,
      certificate_code: c.certificate_code,
      countries_certifications: {
        id: c.certificate_id,
        certificate_name: c.certificate_name,
        country_id: c.country_id,
      },
    });
    certifications.set(c.team_member_id, list);
  }
  return rows.map(({ image_id, ...row }) => {
    const linked = countries.get(row.id) ?? [];
    const shown = enabledOnly ? linked.filter((country) => country.is_enabled === 'ENABLE') : linked;
    const shownIds = new Set(shown.map((country) => country.id));
    return {
      ...row,
      image: images.get(image_id)!,
      countries: shown,
      teamsCountriesCertifications: (certifications.get(row.id) ?? []).filter(
        (c) => !enabledOnly || shownIds.has(c.countries_certifications.country_id),
      ),
      // A plain delete succeeds unless the member is shared with another country.
      isDeletable: linked.length <= 1,
    };
  });
}

async function withDetailsPage(db: Kysely<DB>, page: PageResult<MemberRow>, enabledOnly = false) {
  return { ...page, data: await withDetails(db, page.data, enabledOnly) };
}

/** Every member, or only those of one country (whether or not it is enabled), with all their countries. */
export async function getAllTeams(
  db: Kysely<DB>,
  paginate: PaginateInput,
  countryIds: readonly number[] | null = null,
): Promise<PageResult<Team>> {
  return withDetailsPage(db, await pageOf(repository.selectMembersForStaff(db, countryIds), paginate));
}

/** The About Us team of a country site; a disabled or unknown country has none. */
export async function getCountryTeams(
  db: Kysely<DB>,
  countryId: number,
  paginate: PaginateInput,
): Promise<PageResult<Team>> {
  return withDetailsPage(db, await pageOf(repository.selectMembersOfCountry(db, countryId), paginate), true);
}

/** The certificates a member of these countries may hold. Visitors see only enabled countries' certificates. */
export function getCountryCertificates(
  db: Kysely<DB>,
  countryIds: readonly number[],
  options: { includeDisabled: boolean },
): Promise<CountryCertificate[]> {
  return repository.certificatesOfCountries(db, [...new Set(countryIds)], !options.includeDisabled);
}

/** Refuses unknown countries, a missing or non-team image, and certificates of other countries. */
async function checkReferences(
  db: Kysely<DB>,
  refs: {
    countryIds?: number[];
    imageId?: number;
    certifications?: TeamCertificationInput[];
    memberCountryIds: number[];
  },
): Promise<void> {
  if (refs.countryIds) {
    const found = await repository.existingCountryIds(db, refs.countryIds);
    if (found.length !== refs.countryIds.length) {
      throw new AppError('NOT_FOUND', 'Country not found.', { country_ids: 'Country not found' });
    }
  }
  if (refs.imageId !== undefined) {
    const image = await repository.findImage(db, refs.imageId);
    if (!image) throw new AppError('NOT_FOUND', 'Image not found.', { image_id: 'Image not found' });
    if (image.category !== 'TEAM') {
      throw new AppError('BAD_USER_INPUT', 'Choose an image of the TEAM category.', {
        image_id: 'Choose an image of the TEAM category',
      });
    }
  }
  if (refs.certifications?.length) {
    const certificates = new Map(
      (
        await repository.certificatesByIds(
          db,
          refs.certifications.map((c) => c.country_certificate_id),
        )
      ).map((c) => [c.id, c]),
    );
    refs.certifications.forEach((certification, index) => {
      const certificate = certificates.get(certification.country_certificate_id);
      const field = `certifications.${index}.country_certificate_id`;
      if (!certificate) throw new AppError('NOT_FOUND', 'Certificate not found.', { [field]: 'Certificate not found' });
      if (!refs.memberCountryIds.includes(certificate.country_id)) {
        throw new AppError(
          'BAD_USER_INPUT',
          `${certificate.certificate_name} is not a certificate of the member's countries.`,
          {
            [field]: "Not a certificate of the member's countries",
          },
        );
      }
    });
  }
}

export async function addTeam(db: Kysely<DB>, input: AddTeamInput): Promise<TeamMessage> {
  return inTransaction(db, async (trx) => {
    await checkReferences(trx, {
      countryIds: input.country_ids,
      imageId: input.image_id,
      certifications: input.certifications,
      memberCountryIds: input.country_ids,
    });
    const { country_ids, certifications, ...member } = input;
    const id = await repository.insertMember(trx, member);
    await linkItemToOwners(trx, TEAM_COUNTRIES, id, country_ids);
    await repository.replaceCertifications(trx, id, certifications);
    return { message: 'Successfully Added!', id };
  });
}

/**
 * Changes the given fields. `country_ids` replaces the member's countries and `certifications` their certificates;
 * certificates of countries the member leaves go with them. An EDITOR must hold every country the member is in
 * and every country given (the change shows on all of them).
 */
export async function updateTeam(
  db: Kysely<DB>,
  input: UpdateTeamInput,
  actor: Actor | undefined,
  edit?: Edit,
): Promise<TeamMessage> {
  return inTransaction(db, async (trx) => {
    if (!(await repository.lockMember(trx, input.id))) throw new AppError('NOT_FOUND', 'Team member not found.');
    const current = await ownersOf(trx, TEAM_COUNTRIES, input.id);
    if (actor) assertCountryAccess(actor, [...current, ...(input.country_ids ?? [])]);
    const { id, country_ids, certifications, ...changes } = input;
    await checkReferences(trx, {
      countryIds: country_ids,
      imageId: changes.image_id,
      certifications,
      memberCountryIds: country_ids ?? current,
    });
    await repository.updateMember(trx, id, changes);
    if (country_ids) {
      for (const countryId of current.filter((c) => !country_ids.includes(c))) {
        await unlinkItem(trx, TEAM_COUNTRIES, id, countryId, 'DELETED_TEAM_FROM_COUNTRY');
      }
      await linkItemToOwners(trx, TEAM_COUNTRIES, id, country_ids);
    }
    if (certifications) {
      // What a staff form started from is checked against what the member holds now (decision 043).
      const stored = await repository.certificationsOfMembers(trx, [id]);
      checkStoredField(
        edit,
        'certifications',
        stored.map((c) => ({ country_certificate_id: c.certificate_id, certificate_code: c.certificate_code })),
      );
      await repository.replaceCertifications(trx, id, certifications);
    } else if (country_ids) await repository.dropCertificationsOutsideCountries(trx, id);
    return { message: 'Successfully Updated!', id };
  });
}

/**
 * Spec §4: a member in more than one country is deleted only with `confirm` (everywhere); otherwise nothing changes
 * and the answer is LINKED_WITH_OTHER_COUNTRIES. A delete that removes the member needs all of their countries;
 * the answer that changes nothing needs one of them. The image stays (it may be reused).
 */
export async function deleteTeam(
  db: Kysely<DB>,
  args: DeleteTeamArgs,
  actor: Actor | undefined,
): Promise<DeleteResult> {
  const owners = await ownersOf(db, TEAM_COUNTRIES, args.team_id);
  if (actor) {
    const removes = args.confirm || owners.length <= 1;
    const holdsOne = actor.role === 'ADMIN' || owners.some((id) => actor.countryIds.includes(id));
    if (removes || !holdsOne) assertCountryAccess(actor, owners);
  }
  return deleteSharedItem(db, {
    link: TEAM_COUNTRIES,
    itemId: args.team_id,
    confirm: args.confirm,
    linkedCode: 'LINKED_WITH_OTHER_COUNTRIES',
    deletedCode: 'DELETED_TEAM',
    remove: (trx) => repository.deleteMember(trx, args.team_id),
  });
}

/**
 * Shows members on another country's site too (linking twice changes nothing). Answers the members. An EDITOR must
 * hold every country the members are in already (and the new one: checked by the caller's declaration).
 */
export async function addTeamToOtherCountry(
  db: Kysely<DB>,
  args: AddTeamToOtherCountryArgs,
  actor: Actor | undefined,
): Promise<Team[]> {
  const ids = [...new Set(args.team_ids)];
  await inTransaction(db, async (trx) => {
    await assertCountryExists(trx, args.country_id);
    const found = await repository.membersByIds(trx, ids);
    if (found.length !== ids.length) {
      throw new AppError('NOT_FOUND', 'Team member not found.', { team_ids: 'Team member not found' });
    }
    await assertMayChangeItems(trx, actor, [TEAM_COUNTRIES], ids);
    await linkItems(trx, TEAM_COUNTRIES, ids, args.country_id);
  });
  return withDetails(db, await repository.membersByIds(db, ids));
}

/** Removes a member from one country's site only; their certificates of that country go too. */
export async function deleteTeamFromCountry(db: Kysely<DB>, args: DeleteTeamFromCountryArgs): Promise<DeleteResult> {
  return inTransaction(db, async (trx) => {
    const result = await unlinkItem(trx, TEAM_COUNTRIES, args.team_id, args.country_id, 'DELETED_TEAM_FROM_COUNTRY');
    await repository.dropCertificationsOutsideCountries(trx, args.team_id);
    return result;
  });
}
