/**
 * Outgoing email as `email.send` jobs (issue 11 §5): with an SMTP server configured, a message the
 * server refuses is retried with backoff and delivered, never lost, and the job history keeps who
 * and what (to, subject) without the body or its one-time link. The SMTP server is a real one
 * (smtp-server) on 127.0.0.1 that refuses the first delivery with a temporary error.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/server/db/schema";
import { client, STRONG_PASSWORD, startTestServer, type TestServer } from "../helpers/server";

let smtp: SMTPServer;
let server: TestServer;
const received: { to: string[]; raw: string }[] = [];
let refusals = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString("utf8");
      });
      stream.on("end", () => {
        if (refusals === 0) {
          refusals++;
          const err = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(err);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    JOBS_BACKOFF_MS: "100",
    JOBS_POLL_MS: "50",
    RATE_LIMIT_DISABLED: "true",
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe("email through the job queue", () => {
  it("retries a refused SMTP delivery with backoff and delivers it, keeping only to and subject in the history", async () => {
    const c = client(server.url);
    const up = await c.json("/api/auth/sign-up/email", {
      body: { email: "mail-retry@example.com", password: STRONG_PASSWORD, name: "Mail Retry" },
    });
    expect(up.status).toBe(200);
    for (let i = 0; i < 400 && !received.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(refusals).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["mail-retry@example.com"]);
    expect(received[0].raw).toMatch(/auth\/callback#token=/);
    let rows = await server.database.db.select().from(jobs).where(eq(jobs.kind, "email.send"));
    for (let i = 0; i < 100 && rows[0]?.state !== "succeeded"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      rows = await server.database.db.select().from(jobs).where(eq(jobs.kind, "email.send"));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "succeeded", attempts: 2, error: null });
    expect(rows[0].payload).toEqual({ to: "mail-retry@example.com", subject: expect.stringMatching(/^Confirm your/) });
    // The outbox is only for servers without SMTP.
    expect(server.outbox()).toEqual([]);
  });
});
