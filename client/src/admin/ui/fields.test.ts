import { describe, expect, it } from 'vitest';
import { changedInput, updateInput, valuesOf, type Field } from './fields.js';

describe("an update's input", () => {
  const before = { id: 7, title: 'Intakes open', page_ids: [1, 4], button_url: null, image_id: 3 };

  it('holds the id and only the fields staff changed (lists and blanks compared by value)', () => {
    const after = {
      id: 7,
      title: 'Intakes open: apply by May',
      page_ids: [1, 4],
      button_url: '/contact-us',
      image_id: 3,
    };
    expect(changedInput(after, before)).toEqual({
      id: 7,
      title: 'Intakes open: apply by May',
      button_url: '/contact-us',
    });
    expect(changedInput({ ...before, page_ids: [1] }, before)).toEqual({ id: 7, page_ids: [1] });
    expect(changedInput({ ...before, button_url: null }, { ...before, button_url: '/x' })).toEqual({
      id: 7,
      button_url: null,
    });
  });

  it('says what the changed fields held when the form opened, for the conflict check, but for those overruled', () => {
    const after = { ...before, title: 'Intakes open: apply by May', page_ids: [1] };
    expect(updateInput(after, before, { needsAll: false, overrule: new Set() })).toEqual({
      id: 7,
      title: 'Intakes open: apply by May',
      page_ids: [1],
      started_from: { title: 'Intakes open', page_ids: [1, 4] },
    });
    // Staff saw the conflict on the title and save again: theirs replaces it, the pages are still checked.
    expect(updateInput(after, before, { needsAll: false, overrule: new Set(['title']) })).toEqual({
      id: 7,
      title: 'Intakes open: apply by May',
      page_ids: [1],
      started_from: { page_ids: [1, 4] },
    });
    // A blank that started as none is sent as none; nothing changed, nothing to check.
    expect(updateInput({ ...before, button_url: '/x' }, before, { needsAll: false, overrule: new Set() })).toEqual({
      id: 7,
      button_url: '/x',
      started_from: { button_url: null },
    });
    expect(updateInput(before, before, { needsAll: false, overrule: new Set() })).toEqual({ id: 7 });
    // A field whose conflict staff saw is sent as the form holds it, even back to what the form opened with.
    expect(updateInput(before, before, { needsAll: false, overrule: new Set(['title']) })).toEqual({
      id: 7,
      title: 'Intakes open',
    });
  });

  it('holds and checks every field when the update needs them all: one left as it was is written back too', () => {
    const after = { ...before, title: 'Intakes closed' };
    const { id, ...fields } = before;
    expect(id).toBe(7);
    expect(updateInput(after, before, { needsAll: true, overrule: new Set() })).toEqual({
      ...after,
      started_from: fields,
    });
    expect(updateInput(after, before, { needsAll: true, overrule: new Set(['title', 'page_ids']) })).toEqual({
      ...after,
      started_from: { button_url: null, image_id: 3 },
    });
    // A page's text is named by its page: the key is not a field.
    const text = { page_id: 3, heading: 'About us', body: 'Ours' };
    expect(updateInput({ ...text, body: 'Mine' }, text, { needsAll: true, overrule: new Set() })).toEqual({
      ...text,
      body: 'Mine',
      started_from: { heading: 'About us', body: 'Ours' },
    });
    // Sending only what changed, it still names its page.
    expect(updateInput({ ...text, body: 'Mine' }, text, { needsAll: false, overrule: new Set() })).toEqual({
      page_id: 3,
      body: 'Mine',
      started_from: { body: 'Ours' },
    });
    // A country's webhook is named by its country.
    const hook = { country_id: 2, url: 'https://crm.example/a', secret: null, is_enabled: true };
    expect(
      updateInput({ ...hook, url: 'https://crm.example/b' }, hook, { needsAll: true, overrule: new Set() }),
    ).toEqual({
      ...hook,
      url: 'https://crm.example/b',
      started_from: { url: 'https://crm.example/a', secret: null, is_enabled: true },
    });
  });
});

describe("a form's starting values", () => {
  it('are empty for a field that declares no value of its own, not the field itself', () => {
    const fields: Field<{ name: string }>[] = [
      { name: 'password', Input: () => null },
      { name: 'name', valueOf: (item: { name: string } | null) => item?.name ?? '', Input: () => null },
      { Input: () => null },
    ];
    const context = { countries: [], shown: null, actor: undefined };
    expect(valuesOf(fields, null, context)).toEqual({ password: '', name: '' });
    expect(valuesOf(fields, { name: 'Asha' }, context)).toEqual({ password: '', name: 'Asha' });
  });
});
