/**
 * Both drivers return the same JavaScript values for the same SQL types, so code above Kysely
 * never needs to know which one it talks to:
 * - `date` stays a `YYYY-MM-DD` string (pg would turn it into a local-midnight Date);
 * - `bigint` (e.g. `count(*)`) becomes a number;
 * - `timestamptz` becomes an ISO-8601 string (the API's wire format, spec wire contract), so rows go out as they
 *   come in, through tRPC, GraphQL and server-side rendering alike;
 * - `bytea` is a Uint8Array on both.
 * No imports: PGlite's thread loads this file without the rest of the server (pglite-worker.ts).
 */
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_TIMESTAMPTZ = 1184;

const keepString = (value: string) => value;
const toNumber = (value: string) => Number(value);
const toIsoString = (value: string) => new Date(value).toISOString();

/** The parser of each type id whose value both drivers turn into the same thing; others keep the driver's own. */
export const VALUE_PARSERS: Readonly<Record<number, (value: string) => unknown>> = {
  [OID_DATE]: keepString,
  [OID_INT8]: toNumber,
  [OID_TIMESTAMPTZ]: toIsoString,
};
