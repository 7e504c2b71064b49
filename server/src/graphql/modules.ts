import { headerContactInfoGraphql } from '../header-contact-info/header-contact-info.graphql.js';
import { baseGraphql } from './base.graphql.js';
import type { GraphqlModule } from './operation.js';

/** Every part of the GraphQL schema, one per domain. */
export const GRAPHQL_MODULES: GraphqlModule[] = [baseGraphql, headerContactInfoGraphql];
