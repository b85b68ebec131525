/**
 * Per-user change bus behind `GET /api/realtime` (SPEC.md §4, §7; DESIGN.md §4).
 *  - PGlite (one process): an in-process fan-out.
 *  - PostgreSQL (any number of processes): `publish` is `pg_notify(channel, json)`; every process
 *    holds one dedicated `LISTEN` connection and fans each notification out to its local
 *    subscribers (its own included, so a process never delivers an event twice). The channel is
 *    suffixed with the schema so isolated test schemas on one database do not hear each other.
 *    A dropped LISTEN connection reconnects with the §9 backoff and then tells every local
 *    subscriber to `resync` (changes made meanwhile were not heard).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import type { RealtimeChange } from "../../contract/threads";
import { backoffDelay } from "../../domain/realtime-backoff";
import type { Db } from "../db/client";

export type Listener = (change: RealtimeChange) => void;
/**
 * Server-to-server events: heard by every process (its own included) and never sent to browsers.
 * `session.revoked`: the user's sessions changed (sign-out, revoke, password change); every
 * process drops its cached sessions of that user. `resync`: events may have been missed (the
 * LISTEN connection was lost); drop whatever depends on them.
 */
export type ServerEvent = { type: "session.revoked"; userId: string } | { type: "resync" };
export type ServerListener = (event: ServerEvent) => void;
/** Sees every user's changes (`userId` null: a change for everyone, e.g. resync after a reconnect). */
export type Tap = (userId: string | null, change: RealtimeChange) => void;

export interface RealtimeBus {
  kind: "local" | "postgres";
  /** Delivers `change` to every subscriber of `userId`, in this process and (PostgreSQL) in the others. Never throws. */
  publish(userId: string, change: RealtimeChange): Promise<void>;
  /** Registers a listener; returns the unsubscribe function. */
  subscribe(userId: string, listener: Listener): () => void;
  /** Registers a listener for every user's changes (server-side caches); returns the unsubscribe function. */
  tap(listener: Tap): () => void;
  /**
   * Delivers `event` to every process's server listeners: this process's synchronously before the
   * promise resolves, the others' through NOTIFY (PostgreSQL). Never throws.
   */
  announce(event: ServerEvent): Promise<void>;
  /** Registers a server-event listener; returns the unsubscribe function. */
  onAnnounce(listener: ServerListener): () => void;
  /** Resolves once the bus can deliver (PostgreSQL: LISTEN is active). */
  ready(): Promise<void>;
  /** True while changes from every process are being heard (always on PGlite). */
  listening(): boolean;
  close(): Promise<void>;
}

class Fanout {
  private readonly byUser = new Map<string, Set<Listener>>();
  private readonly taps = new Set<Tap>();
  private readonly servers = new Set<ServerListener>();
  onAnnounce(l: ServerListener): () => void {
    this.servers.add(l);
    return () => this.servers.delete(l);
  }
  announce(event: ServerEvent) {
    for (const l of this.servers) {
      try {
        l(event);
      } catch {
        // a broken listener must not stop the others
      }
    }
  }
  tap(t: Tap): () => void {
    this.taps.add(t);
    return () => this.taps.delete(t);
  }
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }
  deliver(userId: string, change: RealtimeChange) {
    for (const t of this.taps) {
      try {
        t(userId, change);
      } catch {
        // a broken tap must not stop delivery
      }
    }
    for (const l of [...(this.byUser.get(userId) ?? [])]) {
      try {
        l(change);
      } catch {
        // one broken subscriber must not stop the others
      }
    }
  }
  deliverAll(change: RealtimeChange) {
    if (change.type === "resync") this.announce({ type: "resync" });
    for (const t of this.taps) {
      try {
        t(null, change);
      } catch {
        // ignored
      }
    }
    for (const userId of [...this.byUser.keys()]) this.deliver(userId, change);
  }
}

export function createLocalBus(): RealtimeBus {
  const fan = new Fanout();
  return {
    kind: "local",
    publish: async (userId, change) => {
      queueMicrotask(() => fan.deliver(userId, change));
    },
    subscribe: (userId, listener) => fan.subscribe(userId, listener),
    tap: (t) => fan.tap(t),
    announce: async (event) => fan.announce(event),
    onAnnounce: (l) => fan.onAnnounce(l),
    ready: async () => {},
    listening: () => true,
    close: async () => {},
  };
}

/** PostgreSQL channel names are identifiers (≤ 63 bytes); the schema suffix is validated by openDatabase. */
export const channelFor = (schema?: string) => (schema ? `lexmate_rt_${schema}` : "lexmate_rt").slice(0, 63);

export function createPostgresBus(opts: { url: string; schema?: string; logger: Logger; db: Db }): RealtimeBus {
  const fan = new Fanout();
  const channel = channelFor(opts.schema);
  /** Tells this bus's own announcements apart from another bus's in the same process (tests run two); random per bus. */
  const instance = Math.random().toString(36).slice(2);
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let active = false;
  let readyResolve: () => void = () => {};
  let readyPromise = new Promise<void>((r) => {
    readyResolve = r;
  });
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.url });
    c.on("notification", (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        const parsed = JSON.parse(msg.payload) as { u: string; c: RealtimeChange; i?: string; s?: ServerEvent };
        if (parsed.s) {
          // This process already heard its own announcement synchronously.
          if (parsed.i !== instance) fan.announce(parsed.s);
        } else fan.deliver(parsed.u, parsed.c);
      } catch (err) {
        opts.logger.warn({ err }, "realtime: unreadable notification");
      }
    });
    const lost = (err?: unknown) => {
      if (client !== c || closed) return;
      client = null;
      active = false;
      failures++;
      readyPromise = new Promise<void>((r) => {
        readyResolve = r;
      });
      const wait = backoffDelay(failures);
      opts.logger.warn({ err, retryInMs: wait }, "realtime: LISTEN connection lost; reconnecting");
      timer = setTimeout(() => void connect(), wait);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      const reconnected = failures > 0;
      failures = 0;
      active = true;
      readyResolve();
      if (reconnected) fan.deliverAll({ type: "resync" });
    } catch (err) {
      c.end().catch(() => {});
      lost(err);
    }
  };
  void connect();

  return {
    kind: "postgres",
    publish: async (userId, change) => {
      try {
        await opts.db.execute(sql`SELECT pg_notify(${channel}, ${JSON.stringify({ u: userId, c: change })})`);
      } catch (err) {
        opts.logger.warn({ err }, "realtime: publish failed");
      }
    },
    announce: async (event) => {
      fan.announce(event);
      try {
        await opts.db.execute(sql`SELECT pg_notify(${channel}, ${JSON.stringify({ s: event, i: instance })})`);
      } catch (err) {
        opts.logger.warn({ err }, "realtime: announce failed");
      }
    },
    onAnnounce: (l) => fan.onAnnounce(l),
    subscribe: (userId, listener) => fan.subscribe(userId, listener),
    tap: (t) => fan.tap(t),
    ready: () => readyPromise,
    listening: () => active && !closed,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
