/**
 * Why an EDITOR may not change a shared item (decision 024): the API's refusal and the staff area's read-only rows
 * say the same.
 */
export const NOT_YOUR_ITEM_MESSAGE =
  'It is also shown in countries you do not manage. Ask an administrator to change it.';

/** A banner shows in every country that has one of its pages. */
export const BANNER_NOT_YOURS_MESSAGE =
  'This banner shows on the sites of countries you do not manage. Ask an administrator to change it.';
