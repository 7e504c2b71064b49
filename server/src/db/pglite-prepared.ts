/**
 * Statements PGlite prepares once and runs again (decision 026). `PGlite.query` parses and plans its SQL on every
 * call: for the site's joins that is most of the time a statement takes (a page's 15 reads cost ~11 ms of the
 * thread's time, the same statements prepared ~3 ms). The app sends the same few hundred SQL texts over and over
 * (Kysely compiles the same query to the same text), so each is parsed and described once under a name of its own,
 * then only bound and executed. This is what `pg` does for a named query on PostgreSQL, here on PGlite's own wire
 * protocol messages, inside its query lock like `PGlite.query`.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Prepared {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them: how each value is written. */
  paramTypes: number[];
}

/** SQL texts kept prepared; past this the least recently used is closed (a text that varies must not grow it). */
const MAX_PREPARED = 500;

/** A cached plan that no longer fits its tables (a column added since) or a statement that is gone: prepare again. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

export class PreparedStatements {
  readonly #statements = new Map<string, Prepared>();
  #next = 1;

  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /** Runs `sql` with `params` as `PGlite.query` would, prepared the first time a text is seen. */
  query(sql: string, params: readonly unknown[]): Promise<Results> {
    return this.#pglite.runExclusive(async () => {
      try {
        return await this.#run(sql, params);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const stale = typeof code === 'string' && STALE_STATEMENT.has(code) && this.#statements.has(sql);
        if (!stale) throw error;
        // Prepared again from the text; in a transaction the error has ended it anyway, so only outside one.
        await this.#forget(sql);
        if (this.#lastStatus !== 'I') throw error;
        return await this.#run(sql, params);
      }
    });
  }

  /** The transaction status of the last ReadyForQuery: idle, in a transaction, or in a failed one. */
  #lastStatus: string = 'I';

  async #run(sql: string, params: readonly unknown[]): Promise<Results> {
    const messages: BackendMessage[] = [];
    try {
      const statement = await this.#prepared(sql);
      const values = params.map((value, index) => this.#written(value, statement.paramTypes[index]));
      messages.push(
        ...(await this.#send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await this.#send(protocol.serialize.describe({ type: 'P' }))),
        ...(await this.#send(protocol.serialize.execute({}))),
      );
    } finally {
      const ready = await this.#send(protocol.serialize.sync());
      messages.push(...ready);
      this.#remember(ready);
    }
    if (this.#lastStatus === 'I') await this.#pglite.syncToFs();
    return parse.parseResults(messages, this.#pglite.parsers)[0] ?? { rows: [], fields: [] };
  }

  async #prepared(sql: string): Promise<Prepared> {
    const known = this.#statements.get(sql);
    if (known) {
      // Most recently used last: a Map keeps insertion order.
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    const name = `app_${this.#next++}`;
    await this.#send(protocol.serialize.parse({ name, text: sql }));
    const paramTypes = parse.parseDescribeStatementResults(
      await this.#send(protocol.serialize.describe({ type: 'S', name })),
    );
    const prepared = { name, paramTypes };
    this.#statements.set(sql, prepared);
    if (this.#statements.size > MAX_PREPARED) {
      const [oldest] = this.#statements.keys();
      if (oldest !== undefined) await this.#forget(oldest);
    }
    return prepared;
  }

  /** Closes a prepared statement (it lives in the session until then). */
  async #forget(sql: string): Promise<void> {
    const statement = this.#statements.get(sql);
    if (!statement) return;
    this.#statements.delete(sql);
    await this.#send(protocol.serialize.close({ type: 'S', name: statement.name }));
    this.#remember(await this.#send(protocol.serialize.sync()));
  }

  /** A value as PGlite's own query writes it: its type's serializer, else its text. */
  #written(value: unknown, typeId: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serialize = typeId === undefined ? undefined : this.#pglite.serializers[typeId];
    if (serialize) return serialize(value);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    return JSON.stringify(value);
  }

  #send(message: Uint8Array): Promise<BackendMessage[]> {
    return this.#pglite.execProtocolStream(message, { syncToFs: false });
  }

  #remember(messages: BackendMessage[]): void {
    for (const message of messages) {
      if (message.name === 'readyForQuery' && 'status' in message) this.#lastStatus = String(message.status);
    }
  }
}
