import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';

/** A syntactically valid literal for an argument type, so a document built from the schema reaches its resolver. */
export function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return '[]';
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    if (type.name === 'Int' || type.name === 'Float') return '1';
    if (type.name === 'Boolean') return 'false';
    if (type.name === 'Upload') return 'null';
    return '"x"';
  }
  return 'null';
}

/** A field's required arguments as a document writes them, e.g. `(id: 1, name: "x")`; '' when it has none. */
export function requiredArguments(field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((arg) => isNonNullType(arg.type));
  return args.length ? `(${args.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(', ')})` : '';
}
