/** `npm run graphql:schema`: writes the GraphQL contract external callers read (server/schema.graphql). */
import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, printedSchema } from './schema-file.js';

writeFileSync(SCHEMA_FILE, printedSchema());
console.log(`Wrote ${SCHEMA_FILE}`);
