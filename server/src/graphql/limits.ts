import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { PAGE_SIZE_MAX } from '../../../shared/pagination.schema.js';

/**
 * What one GraphQL document may ask for, checked before any resolver runs: nesting depth (named fragments
 * included, by Mercurius' `queryDepth`), aliased fields (alias floods multiply work), tokens (huge documents cost
 * parsing time before any other check) and cost (fields times the list sizes they can return, see `costLimitRule`).
 * Decision 018 says why each value is what it is.
 */
export const GRAPHQL_LIMITS = { depth: 8, aliases: 20, tokens: 2000, cost: 170_000 } as const;

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

/**
 * Refuses an operation whose cost is above `max`. Every field costs 1, times the number of items it can return:
 * a list counts as the page size the document asks for (`first`, `paginate: { perPage }` as literals) and
 * otherwise as the largest page the API serves (a variable, an omitted argument, or a list without paging such as
 * `Popup.countries`). The page size of a connection or page field applies to the list inside it (`edges`, `data`).
 * Fragments count at every use. Introspection fields cost like any other (their lists as the largest page), so a
 * document cannot make the schema describe itself a million times over; only in development are they free, for
 * GraphiQL's own introspection query.
 */
export function costLimitRule(max: number, { freeIntrospection = false } = {}): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const cost = new CostCounter(context, freeIntrospection).selectionSet(operation.selectionSet, root, undefined);
      if (cost > max) {
        const shown = Number.isFinite(cost) ? Math.round(cost) : 'too high to count';
        context.reportError(
          new GraphQLError(`Query is too complex: cost ${shown} exceeds ${max}.`, { nodes: [operation] }),
        );
      }
    },
  });
}

class CostCounter {
  /** A fragment's cost for each page size it is used under, so reuse costs no extra work (no 2^n walks). */
  private readonly fragments = new Map<string, number>();
  private readonly visiting = new Set<string>();

  constructor(
    private readonly context: ValidationContext,
    private readonly freeIntrospection: boolean,
  ) {}

  /** `pageSize`: the size the parent's paging arguments give to a list directly below it. */
  selectionSet(selectionSet: SelectionSetNode, type: GraphQLNamedType, pageSize: number | undefined): number {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        cost += this.field(selection, type, pageSize);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition =
          selection.typeCondition && this.context.getSchema().getType(selection.typeCondition.name.value);
        cost += this.selectionSet(selection.selectionSet, condition ?? type, pageSize);
      } else {
        cost += this.fragment(selection.name.value, pageSize);
      }
    }
    return cost;
  }

  private fragment(name: string, pageSize: number | undefined): number {
    const key = `${name}:${pageSize ?? ''}`;
    const known = this.fragments.get(key);
    if (known !== undefined) return known;
    const fragment = this.context.getFragment(name);
    const type = fragment && this.context.getSchema().getType(fragment.typeCondition.name.value);
    // Unknown fragments and cycles are refused by graphql-js' own rules.
    if (!fragment || !type || this.visiting.has(name)) return 0;
    this.visiting.add(name);
    const cost = this.selectionSet(fragment.selectionSet, type, pageSize);
    this.visiting.delete(name);
    this.fragments.set(key, cost);
    return cost;
  }

  private field(node: FieldNode, parent: GraphQLNamedType, pageSize: number | undefined): number {
    const name = node.name.value;
    if (name === '__typename') return 1;
    if (name.startsWith('__') && this.freeIntrospection) return 0;
    // `__schema` and `__type` are not among the root type's own fields; the introspection types' fields are.
    const meta = name === '__schema' ? SchemaMetaFieldDef : name === '__type' ? TypeMetaFieldDef : undefined;
    const definition = meta ?? (isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined);
    // An unknown field is refused by graphql-js' own rules.
    if (!definition) return 0;
    const items = isListType(getNullableType(definition.type)) ? (pageSize ?? PAGE_SIZE_MAX) : 1;
    const children = node.selectionSet
      ? this.selectionSet(node.selectionSet, getNamedType(definition.type), requestedPageSize(node, definition))
      : 0;
    return items * (1 + children);
  }
}

/** The page size a paged field's arguments ask for; the largest page when it is a variable or left out. */
function requestedPageSize(node: FieldNode, definition: GraphQLField<unknown, unknown>): number | undefined {
  const paged = definition.args.some((arg) => arg.name === 'first' || arg.name === 'paginate');
  if (!paged) return undefined;
  let value: unknown;
  for (const argument of node.arguments ?? []) {
    if (argument.name.value === 'first' && argument.value.kind === Kind.INT) value = Number(argument.value.value);
    if (argument.name.value === 'paginate' && argument.value.kind === Kind.OBJECT) {
      const perPage = argument.value.fields.find((field) => field.name.value === 'perPage')?.value;
      if (perPage?.kind === Kind.INT) value = Number(perPage.value);
    }
  }
  // Out-of-range sizes are refused by the argument schema, with a clearer message than a cost.
  return typeof value === 'number' && value >= 1 && value <= PAGE_SIZE_MAX ? value : PAGE_SIZE_MAX;
}
