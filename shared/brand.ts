/** The consultancy's name as shown to visitors (the spec's `{product}`). */
export const PRODUCT_NAME = 'Horizon Education & Migration';
