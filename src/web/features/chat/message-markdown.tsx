/**
 * An answer rendered as sanitized Markdown (react-markdown + remark-gfm; raw HTML is dropped,
 * unsafe URLs are removed by react-markdown's default URL filter). Inline `[n]` markers become
 * numbered chips that open the cited page in the app; case names listed in `unverified` are marked
 * so the student checks them (issue 4 §4).
 */
import { clsx } from "clsx";
import { memo } from "react";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import type { Citation } from "../../../contract/chat";
import { prepareMarkdown } from "./prepare-markdown";

export function CitationMarker({ citation }: { citation: Citation }) {
  return (
    <Link
      to={citation.url}
      data-testid="citation-marker"
      title={`${citation.title} — ${citation.cite}`}
      aria-label={`Source ${citation.n}: ${citation.title}`}
      className="mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-px items-center justify-center rounded-md bg-brand-50 px-1 align-middle text-[0.7rem] font-semibold text-brand-700 no-underline ring-1 ring-brand-200 ring-inset transition hover:bg-brand-600 hover:text-white dark:bg-brand-500/15 dark:text-brand-300 dark:ring-brand-500/30 dark:hover:bg-brand-500 dark:hover:text-white"
    >
      {citation.n}
    </Link>
  );
}

function components(citations: readonly Citation[]): Components {
  return {
    a: ({ href, children }) => {
      const cite = href && /^#cite-(\d+)$/.exec(href);
      if (cite) {
        const c = citations.find((x) => x.n === Number(cite[1]));
        return c ? <CitationMarker citation={c} /> : <>{children}</>;
      }
      if (href === "#unverified") {
        return (
          <span
            data-testid="unverified-case"
            title="This case is not among the sources of this answer. Check it before relying on it."
            className="underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4"
          >
            {children}
            <span className="ml-1 inline-block -translate-y-px rounded bg-amber-100 px-1 align-middle text-[0.65rem] font-semibold tracking-wide text-amber-800 uppercase no-underline dark:bg-amber-500/15 dark:text-amber-300">
              unverified
            </span>
          </span>
        );
      }
      if (href?.startsWith("/")) {
        return (
          <Link
            to={href}
            className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600 dark:text-brand-300"
          >
            {children}
          </Link>
        );
      }
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 dark:text-brand-300"
        >
          {children}
        </a>
      );
    },
    p: ({ children }) => <p className="my-3 first:mt-0 last:mb-0">{children}</p>,
    ul: ({ children }) => <ul className="my-3 list-disc space-y-1.5 pl-6 marker:text-slate-400">{children}</ul>,
    ol: ({ children }) => <ol className="my-3 list-decimal space-y-1.5 pl-6 marker:text-slate-500">{children}</ol>,
    li: ({ children }) => <li className="pl-1">{children}</li>,
    h1: ({ children }) => (
      <h3 className="mt-5 mb-2 text-lg font-semibold text-slate-900 first:mt-0 dark:text-white">{children}</h3>
    ),
    h2: ({ children }) => (
      <h3 className="mt-5 mb-2 text-base font-semibold text-slate-900 first:mt-0 dark:text-white">{children}</h3>
    ),
    h3: ({ children }) => (
      <h4 className="mt-4 mb-1.5 font-semibold text-slate-900 first:mt-0 dark:text-white">{children}</h4>
    ),
    h4: ({ children }) => <h5 className="mt-3 mb-1 font-semibold text-slate-900 dark:text-white">{children}</h5>,
    strong: ({ children }) => <strong className="font-semibold text-slate-900 dark:text-white">{children}</strong>,
    blockquote: ({ children }) => (
      <blockquote className="my-3 border-l-2 border-brand-300 pl-4 text-slate-600 italic dark:border-brand-500/50 dark:text-slate-400">
        {children}
      </blockquote>
    ),
    hr: () => <hr className="my-5 border-slate-200 dark:border-slate-800" />,
    pre: ({ children }) => (
      <pre className="my-3 overflow-x-auto rounded-xl bg-slate-900 p-4 text-[0.8rem] leading-relaxed text-slate-100 dark:bg-black/40">
        {children}
      </pre>
    ),
    code: ({ className, children }) => (
      <code
        className={clsx(className, !className && "rounded bg-slate-100 px-1.5 py-0.5 text-[0.85em] dark:bg-slate-800")}
      >
        {children}
      </code>
    ),
    table: ({ children }) => (
      <div className="my-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full border-collapse text-left text-sm">{children}</table>
      </div>
    ),
    thead: ({ children }) => <thead className="bg-slate-50 dark:bg-slate-900">{children}</thead>,
    th: ({ children }) => (
      <th className="border-b border-slate-200 px-3 py-2 font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
        {children}
      </th>
    ),
    td: ({ children }) => (
      <td className="border-b border-slate-100 px-3 py-2 align-top last:border-b-0 dark:border-slate-800/70">
        {children}
      </td>
    ),
  };
}

/** Sanitized Markdown for one answer (memoised: streaming re-renders only the growing message). */
export const MessageMarkdown = memo(function MessageMarkdown({
  content,
  citations,
  unverified,
}: {
  content: string;
  citations: readonly Citation[];
  unverified: readonly string[];
}) {
  return (
    <div className="text-[0.95rem] leading-7 text-slate-800 dark:text-slate-200">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components(citations)}>
        {prepareMarkdown(content, citations, unverified)}
      </Markdown>
    </div>
  );
});
