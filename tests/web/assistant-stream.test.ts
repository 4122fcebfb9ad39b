// The assistant's answer as the UI reads it: the SSE stream parsed from a response body in any split of its
// bytes (web/src/modules/assistant/api.ts), and the safe Markdown of an answer (Markdown.tsx): no HTML, links only
// to http(s) and mailto.
import { describe, expect, test } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { StreamEvent } from "../../shared/assistant/api.ts";
import { parseBlock, readStream } from "../../web/src/modules/assistant/api.ts";
import { Markdown, safeHref } from "../../web/src/modules/assistant/Markdown.tsx";

const md = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("the answer stream", () => {
  test("events split anywhere across chunks, comments (pings) skipped, CRLF accepted", async () => {
    const wire = ": ping\n\nevent: start\ndata: {\"chatId\":3,\"messageId\":9}\n\nevent: token\ndata: {\"text\":\"안녕\"}\r\n\r\n" +
      "event: tool\ndata: {\"call\":{\"name\":\"calendar_events\",\"arguments\":{},\"summary\":\"1\",\"ok\":true}}\n\n" +
      "event: done\ndata: {\"status\":\"DONE\",\"errorCode\":null}\n\n";
    const bytes = new TextEncoder().encode(wire);
    for (const size of [1, 3, 7, bytes.length]) {
      const body = new ReadableStream<Uint8Array>({
        start(ctl) {
          for (let i = 0; i < bytes.length; i += size) ctl.enqueue(bytes.slice(i, i + size));
          ctl.close();
        },
      });
      const got: StreamEvent[] = [];
      await readStream(new Response(body), (e) => got.push(e));
      expect(got.map((e) => e.type)).toEqual(["start", "token", "tool", "done"]);
      expect(got[1]).toEqual({ type: "token", text: "안녕" });
    }
  });

  test("a block without data or with broken JSON is no event", () => {
    expect(parseBlock("event: token")).toBeNull();
    expect(parseBlock("event: token\ndata: {oops")).toBeNull();
  });
});

describe("the answer's Markdown", () => {
  test("raw HTML stays text", () => {
    const html = md("<script>alert(1)</script> <img src=x onerror=alert(1)>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  test("links only to http(s) and mailto", () => {
    expect(md("[a](javascript:alert(1))")).not.toContain("href");
    expect(md("[a](data:text/html;base64,PHNjcmlwdD4=)")).not.toContain("href");
    expect(md("[docs](https://example.com/a)")).toContain('href="https://example.com/a"');
    expect(md("see https://example.com/x.")).toContain('href="https://example.com/x"');
    expect(safeHref("JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHref("mailto:kim@example.com")).toBe("mailto:kim@example.com");
  });

  test("blocks and inline marks", () => {
    const html = md("## 제목\n\n- **굵게**\n- `code`\n\n1. one\n2. two\n\n```ts\nconst a = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain("<h4>제목</h4>");
    expect(html).toContain("<li><strong>굵게</strong></li>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<pre data-lang=\"ts\"><code>const a = 1 &lt; 2;</code></pre>");
    expect(html).toContain("<td>2</td>");
  });
});
