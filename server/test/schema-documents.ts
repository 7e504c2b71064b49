import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';

/**
 * A syntactically valid literal for an argument type, so a document built from the schema reaches its resolver;
 * strings are `text` (a GraphQL string literal, `"x"` unless given).
 */
export function literal(type: GraphQLInputType, text = '"x"'): string {
  if (isNonNullType(type)) return literal(type.ofType, text);
  if (isListType(type)) return '[]';
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type, text)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    if (type.name === 'Int' || type.name === 'Float') return '1';
    if (type.name === 'Boolean') return 'false';
    if (type.name === 'Upload') return 'null';
    return text;
  }
  return 'null';
}

/** A field's required arguments as a document writes them, e.g. `(id: 1, name: "x")`; '' when it has none. */
export function requiredArguments(field: GraphQLField<unknown, unknown>, text?: string): string {
  const args = field.args.filter((arg) => isNonNullType(arg.type));
  return args.length ? `(${args.map((arg) => `${arg.name}: ${literal(arg.type, text)}`).join(', ')})` : '';
}
