import type { Database, Listener } from '../db/database.js';

/** The channel the database's triggers notify on (migration 20261125-0006). */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/** A value's tag for "dropped by any change at all" (public API reads, which are cheap to read again). */
export const ANY_CHANGE = '*';

/** The keys of kept public API reads start with this (a staff change made through this instance forgets them). */
export const PUBLIC_READS = 'public read ';

/** A rendered public page, as sent: it holds nothing of the visitor who caused it (decision 025). */
export interface CachedPage {
  /** The HTML, UTF-8. */
  body: Buffer;
  /**
   * The body compressed once, for clients that accept it (filled in when compression finishes; until then a
   * request that asks for it compresses its own copy).
   */
  encoded: { br?: Buffer; gzip?: Buffer };
  /**
   * The response headers every visitor of the page gets: its type, validator, caching, and the security headers with
   * the policy that allows its inline scripts by hash. Never anything of one request (no cookie, no request id).
   */
  headers: Record<string, string>;
  /** A strong validator of `body`, quoted, for ETag / If-None-Match. */
  etag: string;
  /** What the page shows, as the database's notifications name it: `countries`, `country:<id>`, `page:<id>`. */
  tags: string[];
  storedAt: number;
  bytes: number;
}

export interface PageCacheLimits {
  /** Pages kept at most (least recently used go first). */
  maxEntries: number;
  /** Bytes of HTML kept at most. */
  maxBytes: number;
  /** A page older than this is rendered again, whatever the notifications said (a safety net, not the mechanism). */
  maxAgeMs: number;
  /** Values kept at most (least recently used go first): API reads are keyed by their arguments. */
  maxValues: number;
}

export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = {
  maxEntries: 2_000,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 10 * 60_000,
  maxValues: 1_000,
};

interface RememberedValue {
  value: Promise<unknown>;
  tags: string[];
  /** Set once the value has loaded. */
  loaded?: { value: unknown };
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Rendered public pages by country and path, kept until the database says something they show has changed
 * (decision 025). Every instance keeps its own pages and hears every instance's changes: the triggers notify on
 * commit, on PostgreSQL and on PGlite alike. A page whose render began before a change it shows is not kept, so a
 * render racing a change never outlives it; while the notifications cannot be heard, nothing is kept or served.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  /** Counts notifications; a render remembers the count it began at. */
  private generation = 0;
  /** The generation of the last notification of each tag (and of everything, under ''). */
  private readonly changedAt = new Map<string, number>();
  private listening = false;
  private listener: Listener | undefined;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Values that choosing a page needs (the enabled countries), kept by the same notifications as pages. */
  private readonly values = new Map<string, RememberedValue>();

  constructor(
    private readonly limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS,
    private readonly log?: Log,
  ) {}

  /** Starts hearing the database's notifications; until then nothing is kept. */
  async listen(database: Pick<Database, 'listen'>): Promise<void> {
    this.listener = await database.listen(PAGE_CACHE_CHANNEL, {
      onNotify: (tag) => this.changed(tag),
      onLost: (listening) => {
        // Changes may have been missed: forget everything, and keep nothing until listening again.
        this.changed('all');
        this.listening = listening;
        this.log?.warn({ listening }, listening ? 'page cache listening again' : 'page cache stopped: not listening');
      },
    });
    this.listening = true;
  }

  async close(): Promise<void> {
    this.listening = false;
    await this.listener?.close();
    this.clear();
  }

  /** A kept page, if it is still good. */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (!this.listening || now - page.storedAt > this.limits.maxAgeMs) {
      this.remove(key);
      return undefined;
    }
    // Least recently used first: a hit moves to the end.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Call before reading what a page shows; hand the result to `keep`. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keeps a page rendered from data read after `begin()` returned `startedAt`, unless something it shows has changed
   * since (its notification may arrive before the render ends). Answers whether it was kept.
   */
  keep(key: string, page: Omit<CachedPage, 'storedAt' | 'bytes'>, startedAt: number, now = Date.now()): boolean {
    if (!this.listening) return false;
    const changedSince = ['', ...page.tags].some((tag) => (this.changedAt.get(tag) ?? -1) > startedAt);
    if (changedSince) return false;
    // Counted with room for its compressed copies (about a fifth of the HTML each).
    const bytes = Math.ceil(page.body.length * 1.5);
    if (bytes > this.limits.maxBytes) return false;
    this.remove(key);
    // The same object the caller holds: compressed copies it adds later are kept too.
    const kept = Object.assign(page, { storedAt: now, bytes });
    this.pages.set(key, kept);
    this.bytes += bytes;
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  /**
   * Runs `render` once for concurrent requests of the same key (a burst on a page that is not kept yet renders it
   * once, not fifty times).
   */
  once<T>(key: string, render: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = render().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  /**
   * A value read from the database, kept until a notification names one of its tags (while the notifications cannot
   * be heard, read every time). Kept from the start of its read, so a change during the read drops it too.
   */
  remember<T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> {
    const kept = this.values.get(key);
    if (kept) {
      // Least recently used first: a hit moves to the end.
      this.values.delete(key);
      this.values.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = load();
    if (!this.listening) return value;
    const entry: RememberedValue = { value, tags };
    this.values.set(key, entry);
    for (const [oldest] of this.values) {
      if (this.values.size <= this.limits.maxValues) break;
      this.values.delete(oldest);
    }
    value.then(
      (loaded) => {
        entry.loaded = { value: loaded };
      },
      () => {
        if (this.values.get(key) === entry) this.values.delete(key);
      },
    );
    return value;
  }

  /** A remembered value that has finished loading, without waiting (undefined while none is). */
  known<T>(key: string): T | undefined {
    return this.values.get(key)?.loaded?.value as T | undefined;
  }

  /** A notification: drops every page and value that shows the tag (`all`: everything), and those of any change. */
  changed(tag: string): void {
    this.generation += 1;
    const all = tag === 'all';
    this.changedAt.set(all ? '' : tag, this.generation);
    for (const [key, page] of this.pages) if (all || page.tags.includes(tag)) this.remove(key);
    for (const [key, kept] of this.values) {
      if (all || kept.tags.includes(tag) || kept.tags.includes(ANY_CHANGE)) this.values.delete(key);
    }
  }

  /** Whether a notification of `tag` has been heard (a test sends one of its own to know every earlier one was). */
  heard(tag: string): boolean {
    return this.changedAt.has(tag);
  }

  /**
   * Drops the values whose key starts with `prefix`, for a change made through this instance: its caller reads what
   * it wrote at once, before the database's notification comes back.
   */
  forget(prefix: string): void {
    for (const key of this.values.keys()) if (key.startsWith(prefix)) this.values.delete(key);
  }

  clear(): void {
    this.pages.clear();
    this.values.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.pages.size;
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }
}
