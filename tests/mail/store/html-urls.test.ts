// What the mail HTML sanitiser (server/modules/mail/store/html.ts) leaves of image addresses, and the plain
// text it makes of HTML for the list preview. After "show images" the reader's frame loads whatever http(s)
// images the mail names, and its base is this suite's page: a relative address (or one the browser would read
// relative to it) would become a request to the suite itself (`<img src=x>` → GET /x). So images keep only
// absolute http(s) addresses, the mail's own cid: parts and raster data: images; CSS url()s absolute http(s)
// and data:; background attributes absolute http(s) only. The preview puts a space between the words of separate blocks.
import { describe, expect, test } from "vitest";
import { htmlToText, sanitizeMailHtml } from "../../../server/modules/mail/store/html.ts";
import { parseMessage } from "../../../server/modules/mail/store/parse.ts";

const PNG = "data:image/png;base64,iVBORw0KGgo=";

/** The src of the one <img> the sanitised HTML holds, null when it lost it. */
function imgSrc(src: string): string | null {
  const out = sanitizeMailHtml(`<p><img alt="a" src="${src}"></p>`);
  expect(out).toContain("<img");
  const m = /<img\b[^>]*\ssrc="([^"]*)"/.exec(out);
  return m ? m[1].replace(/&amp;/g, "&") : null;
}

describe("image addresses", () => {
  test("absolute http(s), cid: and raster data: images are kept", () => {
    for (const src of ["https://cdn.example.com/a.png?x=1&y=2", "http://img.example.com/b.gif", "HTTPS://Example.com/c.png", "cid:logo@x.test", PNG]) {
      expect(imgSrc(src), src).toBe(src);
    }
  });

  test("relative, root-relative, scheme-relative and other schemes are dropped", () => {
    for (
      const src of [
        "x",
        "x.png",
        "/api/users/me",
        "./a.png",
        "../a.png",
        "?q=1",
        "#frag",
        "//evil.example/a.png",
        "\\\\evil.example/a.png",
        "https:a.png", // same scheme as the page: the browser reads it relative to the page
        "http:/a.png",
        "https:\\a.png",
        "ftp://example.com/a.png",
        "blob:https://x/1",
        "about:blank",
        "javascript:alert(1)",
        "data:image/svg+xml,<svg/>",
        "",
        " ",
      ]
    ) {
      expect(imgSrc(src), src).toBeNull();
    }
  });

  test("background attributes: absolute http(s) kept, anything else dropped", () => {
    const out = sanitizeMailHtml(
      `<table background="bg.png"><tr><td background="https://cdn.example.com/t.png">a</td><td background="/x">b</td>` +
        `<td background="cid:c@x">c</td><td background="${PNG}">d</td></tr></table><body background="../b.png"></body>`,
    );
    expect(out.match(/background="[^"]*"/g)).toEqual(['background="https://cdn.example.com/t.png"']);
  });

  test("CSS url()s in style attributes and <style> blocks: relative ones become none", () => {
    const out = sanitizeMailHtml(
      `<style>.a { background: url(bg.png) no-repeat; } .b { background-image: url("https://cdn.example.com/b.png"); }` +
        ` .c { list-style-image: url( '/api/x' ); } .d { background: url(${PNG}); } .e { background: -webkit-image-set("e.png" 1x); }` +
        ` .f { background: u\\72l(f.png); } .g { background: image-set(url(https://cdn.example.com/g.png) 1x); }</style>` +
        `<div style="background-image: URL(cell.png); color: red">x</div><div style="background: url(https://cdn.example.com/ok.png)">y</div>` +
        `<div style='background: url("https://cdn.example.com/q.png?a=1&b=2")'>z</div><div style='background: url("q.png")'>w</div>`,
    );
    expect(out).not.toMatch(/bg\.png|\/api\/x|e\.png|f\.png|cell\.png|&quot;q\.png/);
    expect(out).toContain('url("https://cdn.example.com/b.png")');
    expect(out).toContain(`url(${PNG})`);
    expect(out).toContain("url(https://cdn.example.com/g.png)");
    expect(out).toContain("url(https://cdn.example.com/ok.png)");
    expect(out).toContain('style="background:url(&quot;https://cdn.example.com/q.png?a=1&amp;b=2&quot;)"');
    expect(out).toContain('style="background:none"');
    expect(out).toContain('style="background-image:none;color:red"');
    expect(out).toMatch(/\.a \{ background: none no-repeat; \}/);
  });

  test("links keep working as links (a click, not a load)", () => {
    expect(sanitizeMailHtml(`<a href="https://example.com/r">r</a>`)).toContain('href="https://example.com/r"');
  });
});

describe("plain text of HTML (preview, search, text reply)", () => {
  test("separate blocks and table cells do not run their words together", () => {
    const text = htmlToText(
      `<table><tr><td>결재 요청</td><td><a href="https://x.test">click</a></td></tr></table>` +
        `<span>a</span><p>b</p>x<br>y<ul><li>c</li><li>d</li></ul><h1>T</h1>e<div>f</div><section>g</section>`,
    );
    expect(text.replace(/\s+/g, " ")).toBe("결재 요청 click a b x y c d T e f g");
    // Inline elements inside a word stay joined.
    expect(htmlToText("<p>un<b>break</b>able</p>")).toBe("unbreakable");
    // Line breaks as before: paragraphs and <br> end lines.
    expect(htmlToText("<p>one</p><p>two<br>three</p>")).toBe("one\ntwo\nthree");
  });

  test("the list preview of an HTML-only mail has a space between blocks", async () => {
    const html = `<div>결재 요청</div><div><a href="https://x.test/a">click</a></div><table><tr><td>금액</td><td>1,000</td></tr></table>`;
    const raw = new TextEncoder().encode(`From: a@b.test\r\nTo: c@d.test\r\nSubject: s\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}`);
    const parsed = await parseMessage(raw);
    expect(parsed.snippet).toBe("결재 요청 click 금액 1,000");
  });
});
