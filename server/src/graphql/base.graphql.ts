import { DELETE_RESULT_CODES } from '../../../shared/delete-result.js';
import * as enums from '../../../shared/enums.js';
import type { GraphqlModule } from './operation.js';

export const enumType = (name: string, values: readonly string[]) => `enum ${name} {\n  ${values.join('\n  ')}\n}`;

/** The cursor-paged list of `node`s (db/pagination.ts `connectionOf`): its edge and connection types. */
export const connectionTypes = (node: string) => `type ${node}Edge {
  cursor: String!
  node: ${node}!
}

type ${node}Connection {
  edges: [${node}Edge!]!
  pageInfo: PageInfo!
}`;

/** Types every domain uses: scalars, enumerations, pagination and delete results. */
export const baseGraphql: GraphqlModule = {
  typeDefs: `
"The \`Upload\` scalar type represents a file upload."
scalar Upload

${enumType('ImageCategory', enums.IMAGE_CATEGORIES)}
${enumType('VideoCategory', enums.VIDEO_CATEGORIES)}
${enumType('HearAboutUs', enums.HEAR_ABOUT_US)}
${enumType('InterestedService', enums.INTERESTED_SERVICES)}
${enumType('EnableStatus', enums.ENABLE_STATUSES)}
${enumType('PolicyType', enums.POLICY_TYPES)}
${enumType('GeneralFormService', enums.GENERAL_FORM_SERVICES)}
${enumType('DeleteResultCode', DELETE_RESULT_CODES)}

"Page-based list arguments: page from 1, perPage 1..100."
input PaginateInput {
  page: Int = 1
  perPage: Int = 5
}

type Pagination {
  page: Int!
  perPage: Int!
  pageCount: Int!
  total: Int!
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
}

"The answer of every delete-style mutation."
type DeleteResult {
  success: Boolean!
  message: String!
  errorCode: DeleteResultCode
}

type Query
type Mutation
`,
};
