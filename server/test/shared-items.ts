import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { errorCode, gql } from './graphql.js';

/**
 * A content kind shown in several countries (popups, testimonials): deleted everywhere only with confirm, linked
 * to one more country and taken off one. Its three GraphQL documents take the same variables:
 * delete `($id, $confirm)`, add to country `($ids, $country)`, remove from country `($id, $country)`.
 */
export interface SharedItemKind {
  /** The operations by name, e.g. deletePopup, addPopupToOtherCountry, deletePopupFromCountry. */
  delete: { name: string; document: string; deletedCode: string };
  addToCountry: { name: string; document: string };
  removeFromCountry: { name: string; document: string; removedCode: string };
}

/** What the shared tests act on: the app, its admin and Nepal's editor, and the kind's own test helpers. */
export interface SharedItemFixture {
  app: FastifyInstance;
  admin: string;
  nepalEditor: string;
  /** Adds an item shown in `countryIds` (as the admin). */
  add: (countryIds: number[]) => Promise<{ id: number }>;
  /** The item's stored row, undefined once deleted. */
  stored: (id: number) => Promise<unknown>;
  /** The ids of the countries the item is shown in. */
  linkedCountries: (id: number) => Promise<number[]>;
  /** The image the items are added with, which deleting an item keeps. */
  imageId: number;
}

/**
 * The tests of deleting a shared item and of its country links (spec §4 delete codes), the same for every shared
 * kind. `fixture` is read inside each test (the app is started in the file's beforeAll).
 */
export function sharedItemCountryTests(kind: SharedItemKind, fixture: () => SharedItemFixture): void {
  const { delete: remove, addToCountry, removeFromCountry } = kind;

  it(`${remove.name} of a shared item needs confirm (LINKED_WITH_OTHER_COUNTRIES, then ${remove.deletedCode})`, async () => {
    const { app, admin, nepalEditor, add, stored, linkedCountries, imageId } = fixture();
    const shared = await add([2, 3]);
    for (const confirm of [undefined, false]) {
      const refused = await gql<Record<string, unknown>>(app, remove.document, { id: shared.id, confirm }, admin);
      expect(refused.data?.[remove.name]).toEqual({
        success: false,
        message: 'It is shown in Nepal and Canada. Remove it from one country, or confirm to delete it everywhere.',
        errorCode: 'LINKED_WITH_OTHER_COUNTRIES',
      });
    }
    expect(await linkedCountries(shared.id)).toEqual([2, 3]);

    // An EDITOR of one of its countries may not delete it everywhere.
    const forbidden = await gql(app, remove.document, { id: shared.id, confirm: true }, nepalEditor);
    expect(errorCode(forbidden)).toBe('FORBIDDEN');
    expect(await linkedCountries(shared.id)).toEqual([2, 3]);

    const confirmed = await gql<Record<string, unknown>>(app, remove.document, { id: shared.id, confirm: true }, admin);
    expect(confirmed.data?.[remove.name]).toMatchObject({ success: true, errorCode: remove.deletedCode });
    expect(await stored(shared.id)).toBeUndefined();
    expect(await linkedCountries(shared.id)).toEqual([]);
    expect(await app.db.selectFrom('images').select('id').where('id', '=', imageId).execute()).toHaveLength(1);
  });

  it(`${remove.name} deletes an item of one country without confirm; unknown → NOT_FOUND`, async () => {
    const { app, admin, nepalEditor, add, stored } = fixture();
    const single = await add([2]);
    const deleted = await gql<Record<string, unknown>>(app, remove.document, { id: single.id }, nepalEditor);
    expect(deleted.data?.[remove.name]).toMatchObject({ success: true, errorCode: remove.deletedCode });
    expect(await stored(single.id)).toBeUndefined();
    expect(errorCode(await gql(app, remove.document, { id: single.id }, admin))).toBe('NOT_FOUND');
  });

  it(`${addToCountry.name} links items to a country, idempotently`, async () => {
    const { app, admin, add, linkedCountries } = fixture();
    const first = await add([2]);
    const second = await add([3]);
    const variables = { ids: [first.id, second.id], country: 4 };
    const response = await gql<Record<string, unknown>>(app, addToCountry.document, variables, admin);
    expect(response.errors).toEqual([]);
    expect(response.data![addToCountry.name]).toEqual([
      { id: first.id, countries: [{ id: 2 }, { id: 4 }], isDeletable: false },
      { id: second.id, countries: [{ id: 3 }, { id: 4 }], isDeletable: false },
    ]);
    const again = await gql(app, addToCountry.document, variables, admin);
    expect(again.data).toEqual(response.data);
    expect(await linkedCountries(first.id)).toEqual([2, 4]);
    expect(await linkedCountries(second.id)).toEqual([3, 4]);
  });

  it(`${addToCountry.name} refuses other countries’ editors and unknown ids`, async () => {
    const { app, admin, nepalEditor, add, linkedCountries } = fixture();
    const item = await add([3]);
    const link = (ids: number[], country: number, token: string) =>
      gql(app, addToCountry.document, { ids, country }, token);
    expect(errorCode(await link([item.id], 4, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await link([99_999], 4, admin))).toBe('NOT_FOUND');
    expect(errorCode(await link([item.id, 99_999], 4, admin))).toBe('NOT_FOUND');
    expect(errorCode(await link([item.id], 999, admin))).toBe('NOT_FOUND');
    expect(await linkedCountries(item.id)).toEqual([3]);
    // Nor into their own country: that would change how Canada's delete behaves (issue 14).
    expect(errorCode(await link([item.id], 2, nepalEditor))).toBe('FORBIDDEN');
    expect(await linkedCountries(item.id)).toEqual([3]);
  });

  it(`${removeFromCountry.name} only unlinks (${removeFromCountry.removedCode})`, async () => {
    const { app, admin, nepalEditor, add, stored, linkedCountries } = fixture();
    const item = await add([2, 3]);
    const before = await stored(item.id);
    expect(before).toBeDefined();
    const unlink = (country: number, token: string) =>
      gql<Record<string, unknown>>(app, removeFromCountry.document, { id: item.id, country }, token);
    expect(errorCode(await unlink(3, nepalEditor))).toBe('FORBIDDEN');
    const response = await unlink(2, nepalEditor);
    expect(response.data?.[removeFromCountry.name]).toMatchObject({
      success: true,
      errorCode: removeFromCountry.removedCode,
    });
    expect(await linkedCountries(item.id)).toEqual([3]);
    expect(await stored(item.id)).toEqual(before);
    expect(errorCode(await unlink(2, admin))).toBe('NOT_FOUND');
  });
}
