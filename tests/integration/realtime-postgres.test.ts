/**
 * Realtime across processes (DESIGN.md §4): on PostgreSQL, a change made through one app process
 * reaches the same user's subscribers on another process through LISTEN/NOTIFY. Two real processes
 * (this test's server and a child `node` process) share one database schema and AUTH_SECRET.
 * Needs DATABASE_URL (CI runs the suite on PostgreSQL 15); on PGlite it is skipped, because PGlite is
 * one process by design (the in-process bus is tested in chat.test.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Thread } from "../../src/contract/threads";
import { subscribe } from "../helpers/realtime";
import { client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const url = process.env.DATABASE_URL;
const SECRET = "realtime-test-secret-0123456789abcdef0123456789";

describe.skipIf(!url)("realtime across two app processes on PostgreSQL (LISTEN/NOTIFY)", () => {
  let a: TestServer;
  let child: ChildProcess;
  let bUrl: string;
  const schema = `t_rt_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    a = await startTestServer({ AUTH_SECRET: SECRET, RATE_LIMIT_DISABLED: "true" }, { schema });
    child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/child-server.ts"], {
      env: { ...process.env, DATABASE_URL: url, AUTH_SECRET: SECRET, TEST_SCHEMA: schema },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = await new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input: child.stdout! });
      rl.once("line", resolve);
      child.once("exit", (code) => reject(new Error(`child server exited with ${code}`)));
    });
    bUrl = (JSON.parse(line) as { url: string }).url;
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await a?.close();
  });

  it("a thread created, renamed and deleted on one process reaches the user's tab on the other, and back", async () => {
    const onA = await signedInUser(a, "two-procs@example.com");
    const onB = client(bUrl);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    expect((await onB.json<{ user: { email: string } }>("/api/me")).body.user.email).toBe("two-procs@example.com");

    const tabOnB = subscribe(bUrl, onB);
    const tabOnA = subscribe(a.url, onA);
    try {
      await Promise.all([tabOnB.ready, tabOnA.ready]);
      // Warm B's thread-list cache before the changes made on A.
      expect((await onB.json<{ threads: Thread[] }>("/api/threads")).body.threads).toEqual([]);
      const created = await onA.json<{ thread: Thread }>("/api/threads", { body: { title: "Made on A" } });
      const id = created.body.thread.id;
      await tabOnB.waitFor((c) => c.type === "thread.created" && c.thread.id === id && c.thread.title === "Made on A");
      await onA.json(`/api/threads/${id}`, { method: "PATCH", body: { title: "Renamed on A" } });
      await tabOnB.waitFor((c) => c.type === "thread.updated" && c.thread.title === "Renamed on A");

      // B's cached thread list was invalidated by the change it heard.
      const listOnB = await onB.json<{ threads: Thread[] }>("/api/threads");
      expect(listOnB.body.threads.map((t) => t.title)).toEqual(["Renamed on A"]);

      await onB.json(`/api/threads/${id}`, { method: "PATCH", body: { title: "Renamed on B" } });
      await tabOnA.waitFor((c) => c.type === "thread.updated" && c.thread.title === "Renamed on B");
      expect((await onB.fetch(`/api/threads/${id}`, { method: "DELETE" })).status).toBe(204);
      await tabOnA.waitFor((c) => c.type === "thread.deleted" && c.threadId === id);
      await tabOnB.waitFor((c) => c.type === "thread.deleted" && c.threadId === id);
      // Each process delivers a change once, even though it both publishes and listens.
      expect(tabOnB.changes.filter((c) => c.type === "thread.deleted")).toHaveLength(1);
      expect(tabOnA.changes.filter((c) => c.type === "thread.created")).toHaveLength(1);
    } finally {
      tabOnA.close();
      tabOnB.close();
    }
  });
});
