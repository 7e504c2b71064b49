import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Raw statements that only read (an advisory lock is taken with a select too). */
const READ_ONLY_RAW = /^\s*(?:select|show|explain)\b/i;

function mayWrite(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'SelectQueryNode':
      return false;
    case 'RawNode':
      return !READ_ONLY_RAW.test(node.sqlFragments[0] ?? '');
    default:
      // Insert, update, delete, merge, and schema changes.
      return true;
  }
}

/**
 * Calls `onWrite` after each statement that may change data, made through this Kysely instance (or a transaction
 * of it). The page cache uses it to forget kept public reads at once after a write made here (a script or a test
 * writing through the app's database included); other instances hear the database's notification (decision 025).
 */
export function afterWrites(onWrite: () => void): KyselyPlugin {
  const writes = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (mayWrite(node)) writes.add(queryId);
      return node;
    },
    transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writes.has(queryId)) onWrite();
      return Promise.resolve(result);
    },
  };
}
