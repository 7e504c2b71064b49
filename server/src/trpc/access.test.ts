import { describe, expect, it } from 'vitest';
import { appRouter } from './router.js';
import type { ProcedureMeta } from './trpc.js';

/** Every operation with the access it declares: the guard refuses a procedure that declares none. */
function accessTable(): Record<string, string | undefined> {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: ProcedureMeta; type: string } }
  >;
  const rows = Object.entries(procedures).map(([path, procedure]): [string, string | undefined] => {
    const meta = procedure._def.meta;
    return [path, meta?.countryInput ? `${meta.access}, country from ${meta.countryInput}` : meta?.access];
  });
  return Object.fromEntries(rows.sort(([a], [b]) => a.localeCompare(b)));
}

describe('operation access', () => {
  it('is declared by every procedure', () => {
    const undeclared = Object.entries(accessTable()).filter(([, access]) => !access);
    expect(undeclared).toEqual([]);
  });

  it('matches the reviewed list (update it deliberately when adding operations)', () => {
    expect(accessTable()).toEqual({
      'headerContactInfo.add': 'staff, country from country_id',
      'headerContactInfo.get': 'public',
      'headerContactInfo.update': 'staff',
      'me.get': 'staff',
      'site.layout': 'public',
      'staff.list': 'admin',
    });
  });
});
