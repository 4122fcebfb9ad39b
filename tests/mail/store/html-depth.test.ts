// The nesting limit mail HTML passes before it is sanitised (store/html-depth.ts): tags past MAX_HTML_DEPTH
// go with their end tags, their text stays; HTML within the limit, siblings that close each other and the
// text of raw-text elements are left as they are.
import { describe, expect, test } from "vitest";
import { limitHtmlDepth, MAX_HTML_DEPTH } from "../../../server/modules/mail/store/html-depth.ts";
import { sanitizeMailHtml } from "../../../server/modules/mail/store/html.ts";

const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe("limitHtmlDepth", () => {
  test("10,000 nested elements keep MAX_HTML_DEPTH of them, their text and what follows", () => {
    const html = "<div>".repeat(10_000) + "deep text" + "</div>".repeat(10_000) + "<p>after</p>";
    const out = limitHtmlDepth(html);
    expect(count(out, /<div>/g)).toBe(MAX_HTML_DEPTH);
    expect(count(out, /<\/div>/g)).toBe(MAX_HTML_DEPTH);
    expect(out).toBe("<div>".repeat(MAX_HTML_DEPTH) + "deep text" + "</div>".repeat(MAX_HTML_DEPTH) + "<p>after</p>");
  });

  test("unclosed elements past the limit are dropped, every piece of text stays", () => {
    const out = limitHtmlDepth("<b><i>x".repeat(1000));
    expect(count(out, /<b>/g) + count(out, /<i>/g)).toBe(MAX_HTML_DEPTH);
    expect(count(out, /x/g)).toBe(1000);
  });

  test("HTML within the limit is returned as it is", () => {
    const html = '<table><tr><td><div style="color:red">a<br>b<img src="x.png"></div></td></tr></table>' +
      "<p>one<p>two".repeat(400) + `<ul>${"<li>three<li>four".repeat(400)}</ul>` + "<div/>".repeat(10);
    expect(limitHtmlDepth(html)).toBe(html);
  });

  test("tags inside raw-text elements and comments are not elements", () => {
    const html = `<style>${"<div>".repeat(1000)}</style><!--${"<b>".repeat(1000)}--><p>x</p>`;
    expect(limitHtmlDepth(html)).toBe(html);
  });

  test("the sanitised result of deep HTML is bounded too", () => {
    const out = sanitizeMailHtml("<div><span>".repeat(20_000) + "kept");
    expect(count(out, /<(div|span)>/g)).toBe(MAX_HTML_DEPTH);
    expect(out).toContain("kept");
  });
});
