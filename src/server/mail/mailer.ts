/**
 * Outgoing email through nodemailer (DESIGN.md §2, §5): SMTP when `smtpUrl` is set, otherwise
 * nodemailer's JSON transport and one file per message in `outboxDir`
 * (`<ISO time>-<random>.json` holding to, from, subject, text, html and links). The first link
 * of every message is also logged so a developer can click it from the terminal.
 *
 * Every message goes through the job queue as an `email.send` job (issue 11 §5, decision 049):
 * `queuedMailer` enqueues, and a failed SMTP send is retried with backoff instead of lost. With
 * no SMTP server (the outbox) the job's first attempt runs inline, so the file exists when
 * `send` resolves, as before.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { JobQueue } from "../jobs/queue";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** The transport that really sends (SMTP) or writes the outbox file; throws when sending fails. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  if (!opts.smtpUrl) mkdirSync(opts.outboxDir, { recursive: true });
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: opts.from, ...msg });
      const links = [...msg.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      if (!opts.smtpUrl) {
        const file = join(
          opts.outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.json`,
        );
        const record = {
          ...JSON.parse(String(info.message)),
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          links,
        };
        writeFileSync(file, JSON.stringify(record, null, 2));
        opts.logger.info({ to: msg.to, subject: msg.subject, link: links[0], file }, "email written to outbox");
      } else {
        opts.logger.info({ to: msg.to, subject: msg.subject }, "email sent");
      }
    },
  };
}

/** Job kind of one outgoing message; the payload is a `MailMessage`. */
export const EMAIL_JOB = "email.send";
/** SMTP attempts before a message is given up (with the default 5 s base: the last retry ≈ 21 min after the first). */
export const EMAIL_MAX_ATTEMPTS = 10;

/**
 * A `Mailer` whose `send` is an `email.send` job run by `transport`. `inline` (no SMTP: the
 * outbox) runs the first attempt in the caller, so the message is written when `send` resolves;
 * otherwise `send` resolves once the job is stored and a worker sends it. Either way a failed
 * attempt is retried by the worker with backoff; the history keeps `to` and `subject` only.
 */
export function queuedMailer(opts: { jobs: JobQueue; transport: Mailer; inline: boolean }): Mailer {
  opts.jobs.register<MailMessage, { to: string }>(
    EMAIL_JOB,
    async ({ payload }) => {
      await opts.transport.send(payload);
      return { to: payload.to };
    },
    { maxAttempts: EMAIL_MAX_ATTEMPTS, redact: (m) => ({ to: m.to, subject: m.subject }) },
  );
  return {
    async send(msg) {
      const message = { to: msg.to, subject: msg.subject, text: msg.text, html: msg.html };
      if (opts.inline) await opts.jobs.runNow(EMAIL_JOB, message);
      else await opts.jobs.enqueue(EMAIL_JOB, message);
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Builds a branded plain-text + HTML email with one call-to-action link. */
export function brandedEmail(opts: {
  brand: string;
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): MailMessage {
  const text = `${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}\n\n— ${opts.brand}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.brand)}</h1>
<p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#475569">Or paste this link into your browser:<br>${escapeHtml(opts.url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(opts.outro)}</p>
</body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
