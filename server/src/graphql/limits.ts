import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * What one GraphQL document may ask for, checked before any resolver runs: nesting depth (named fragments
 * included, by Mercurius' `queryDepth`), aliased fields (alias floods multiply work) and tokens (huge documents cost
 * parsing time before any other check).
 */
export const GRAPHQL_LIMITS = { depth: 8, aliases: 20, tokens: 2000 } as const;

/** Refuses a document with more than `max` aliased fields. */
export function aliasLimitRule(max: number): ValidationRule {
  return (context) => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === max + 1) {
          context.reportError(new GraphQLError(`Too many aliases: at most ${max} are allowed.`, { nodes: [node] }));
        }
      },
    };
  };
}
