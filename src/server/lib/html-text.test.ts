/** Plain text and Markdown from sanitized note HTML (Markdown export, search text). */
import { describe, expect, it } from "vitest";
import { htmlToMarkdown, htmlToPlainText } from "./html-text";

describe("htmlToPlainText", () => {
  it("separates blocks and decodes entities", () => {
    expect(
      htmlToPlainText("<h2>Rule</h2><p>A &amp; B &lt;C&gt;</p><ul><li><p>one</p></li><li><p>two</p></li></ul>"),
    ).toBe("Rule\n\nA & B <C>\n\none\n\ntwo");
  });
});

describe("htmlToMarkdown", () => {
  it("writes nested lists, emphasis, code and quotes", () => {
    const md = htmlToMarkdown(
      "<ol><li><p><strong>Duty</strong></p><ul><li><p>of <em>care</em></p></li></ul></li><li><p>Breach</p></li></ol><blockquote><p>quoted <code>x*y</code></p></blockquote>",
    );
    expect(md).toBe("1. **Duty**\n  - of *care*\n2. Breach\n\n> quoted `x*y`\n");
  });
  it("escapes Markdown characters in text so they stay text", () => {
    expect(htmlToMarkdown("<p># not a heading, *not emphasis*, [not a link]</p>")).toBe(
      "\\# not a heading, \\*not emphasis\\*, \\[not a link\\]\n",
    );
  });
  it("turns case links into absolute links to the app", () => {
    expect(
      htmlToMarkdown('<p><a data-case-id="brief:x" href="/cases/x">X v. Y</a></p>', "https://lexmate.example"),
    ).toBe("[X v. Y](https://lexmate.example/cases/x)\n");
  });
});
