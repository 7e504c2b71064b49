import { describe, expect, it } from 'vitest';
import { changedInput } from './fields.js';

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

  it('holds every field when the update needs them all', () => {
    expect(changedInput(before, null)).toEqual(before);
  });
});
