/**
 * Server-side allowlist sanitizer for stored rich text (notes, briefs, templates): the tags
 * TipTap produces (headings, lists, emphasis, links, quotes, tables, code) and nothing that
 * runs: no script/style/iframe, no event handlers, no javascript: URLs. Links get
 * rel="noopener noreferrer nofollow".
 */
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "mark",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "sub",
    "sup",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel", "data-case-id", "data-type"],
    span: ["data-case-id", "data-type", "data-id", "data-label", "class"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }, true),
  },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);
