// GET /api/board/og?url: link previews read from a real loopback HTTP server (OG_ALLOW_PRIVATE_HOSTS on, as
// an intranet install would set it), and the SSRF refusals with the flag off (the default): loopback, private,
// link-local and metadata addresses, IPv6 loopback, a name resolving to loopback, a redirect to one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OG_MAX_BYTES, OG_MAX_REDIRECTS } from "../../shared/board/constants.ts";
import type { OgPreview } from "../../shared/board/posts.ts";
import { fetchPage, hostGuard, PageError } from "../../server/modules/board/og/fetch-page.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, boardCompany } from "./support.ts";

const t = await createTestApp({ OG_ALLOW_PRIVATE_HOSTS: "true" });
const api = boardApi(t);
const A = await boardCompany(t, "og-a.test");
const who = A.sales;

const enc = new TextEncoder();
const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** 주간 회의록, 영업팀 소식입니다 in EUC-KR. */
const EUCKR_TITLE = hex("c1d6b0a320c8b8c0c7b7cf");
const EUCKR_DESC = hex("bfb5bef7c6c020bcd2bdc4c0d4b4cfb4d9");

let bigBytesSent = 0;
const html = (body: string, type = "text/html; charset=utf-8") => new Response(body, { headers: { "content-type": type } });

const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req): Response => {
  const path = new URL(req.url).pathname;
  switch (path) {
    case "/og":
      return html(`<!doctype html><html><head>
        <meta property="og:title" content="분기 실적 &amp; 계획">
        <meta property="og:description" content="  3분기
          영업 실적을 정리했습니다. ">
        <meta property="og:image" content="/img/cover.png">
        <meta property="og:site_name" content="사내 소식">
        <title>무시되는 제목</title></head><body>본문</body></html>`);
    case "/plain":
      return html(`<html><head><title> 제목만 있는 페이지 </title><meta name="description" content="설명 메타"></head></html>`);
    case "/euckr-header":
      return new Response(concat(enc.encode("<html><head><title>"), EUCKR_TITLE, enc.encode('</title><meta name="description" content="'), EUCKR_DESC, enc.encode('"></head></html>')), {
        headers: { "content-type": "text/html; charset=EUC-KR" },
      });
    case "/euckr-meta":
      return new Response(concat(enc.encode('<html><head><meta http-equiv="Content-Type" content="text/html; charset=ks_c_5601-1987"><title>'), EUCKR_TITLE, enc.encode("</title></head></html>")), {
        headers: { "content-type": "text/html" },
      });
    case "/json":
      return new Response(JSON.stringify({ title: "not html" }), { headers: { "content-type": "application/json" } });
    case "/image.png":
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "content-type": "image/png" } });
    case "/missing":
      return new Response("gone", { status: 404 });
    case "/big": {
      // og:title at the start, og:description after OG_MAX_BYTES of padding, 8 MiB in all: only the start is read.
      const head = enc.encode(`<html><head><meta property="og:title" content="큰 페이지">`);
      const pad = enc.encode(`<!-- ${"x".repeat(64 * 1024 - 9)} -->`);
      const tail = enc.encode(`<meta property="og:description" content="너무 늦은 설명"></head></html>`);
      let chunks = 0;
      const total = (8 * 1024 * 1024) / pad.length;
      const stream = new ReadableStream<Uint8Array>({
        pull(ctl) {
          const part = chunks === 0 ? head : chunks <= total ? pad : chunks === total + 1 ? tail : null;
          chunks++;
          if (!part) return ctl.close();
          bigBytesSent += part.length;
          ctl.enqueue(part);
        },
      }, { highWaterMark: 0 });
      return new Response(stream, { headers: { "content-type": "text/html" } });
    }
    case "/slow":
      // Headers, then nothing: the call gives up after OG_TIMEOUT_MS.
      return new Response(new ReadableStream({ start(ctl) { ctl.enqueue(enc.encode("<html><head>")); } }), { headers: { "content-type": "text/html" } });
    case "/to-private":
      return Response.redirect(`http://127.0.0.1:${port()}/og`, 302);
    case "/to-localhost":
      return Response.redirect(`http://localhost:${port()}/og`, 301);
    case "/to-metadata":
      return Response.redirect("http://169.254.169.254/latest/meta-data/", 307);
    case "/to-file":
      return Response.redirect("file:///etc/passwd", 302);
  }
  const hop = /^\/hop\/(\d+)$/.exec(path);
  if (hop) {
    const n = Number(hop[1]);
    return n === 0 ? Response.redirect(`http://127.0.0.1:${port()}/og`, 302) : new Response(null, { status: 302, headers: { location: `/hop/${n - 1}` } });
  }
  return new Response("?", { status: 404 });
});
const port = (): number => server.addr.port;
const at = (path: string) => `http://127.0.0.1:${port()}${path}`;
afterAll(async () => await server.shutdown());

const og = (url: string) => api.ok<OgPreview>(200, "GET", `og?url=${encodeURIComponent(url)}`, who);
const ogFails = (status: number, code: string, url: string) => api.fails(status, code, "GET", `og?url=${encodeURIComponent(url)}`, who);

describe("previews (private hosts allowed, as in the tests' config)", () => {
  it("reads og:title, og:description, og:image (made absolute) and og:site_name, entities decoded, spaces folded", async () => {
    expect(await og(at("/og"))).toEqual({
      url: at("/og"),
      title: "분기 실적 & 계획",
      description: "3분기 영업 실적을 정리했습니다.",
      image: at("/img/cover.png"),
      siteName: "사내 소식",
    });
  });

  it("falls back to <title> and the description meta", async () => {
    expect(await og(at("/plain"))).toEqual({ url: at("/plain"), title: "제목만 있는 페이지", description: "설명 메타", image: null, siteName: null });
  });

  it("decodes EUC-KR pages, by the header's charset or by a <meta> (ks_c_5601-1987)", async () => {
    expect(await og(at("/euckr-header"))).toMatchObject({ title: "주간 회의록", description: "영업팀 소식입니다" });
    expect(await og(at("/euckr-meta"))).toMatchObject({ title: "주간 회의록" });
  });

  it("parses only HTML: an image is its own preview, JSON gives nothing", async () => {
    expect(await og(at("/image.png"))).toEqual({ url: at("/image.png"), title: null, description: null, image: at("/image.png"), siteName: null });
    expect(await og(at("/json"))).toEqual({ url: at("/json"), title: null, description: null, image: null, siteName: null });
  });

  it("reads at most OG_MAX_BYTES: the start's og:title, not the description after the limit, and stops the transfer", async () => {
    const p = await og(at("/big"));
    expect(p.title).toBe("큰 페이지");
    expect(p.description).toBeNull();
    // The server produced far less than its 8 MiB (the connection was closed once the limit was read); what
    // sits in socket buffers on the way is allowed for.
    expect(bigBytesSent).toBeGreaterThanOrEqual(OG_MAX_BYTES);
    expect(bigBytesSent).toBeLessThan(4 * 1024 * 1024);
  });

  it(`follows up to ${OG_MAX_REDIRECTS} redirects; one more answers 502`, async () => {
    expect((await og(at(`/hop/${OG_MAX_REDIRECTS - 1}`))).title).toBe("분기 실적 & 계획");
    await ogFails(502, "board.og_unreachable", at(`/hop/${OG_MAX_REDIRECTS}`));
  });

  it("a redirect to another scheme, an error status, a closed port and a page that never ends answer 502", async () => {
    await ogFails(502, "board.og_unreachable", at("/to-file"));
    await ogFails(502, "board.og_unreachable", at("/missing"));
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const closedPort = (closed.addr as Deno.NetAddr).port;
    closed.close();
    await ogFails(502, "board.og_unreachable", `http://127.0.0.1:${closedPort}/`);
    await ogFails(502, "board.og_unreachable", at("/slow"));
  }, 20_000);

  it("an answer is kept: the same URL is not fetched again", async () => {
    let hits = 0;
    const counted = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
      hits++;
      return html(`<title>cached ${hits}</title>`);
    });
    try {
      const url = `http://127.0.0.1:${counted.addr.port}/page`;
      const [a, b] = await Promise.all([og(url), og(url)]);
      expect(a.title).toBe("cached 1");
      expect(b.title).toBe("cached 1");
      expect((await og(`${url}#fragment`)).title).toBe("cached 1");
      expect(hits).toBe(1);
    } finally {
      await counted.shutdown();
    }
  });

  it("refuses what is not an http(s) URL (400 board.og_url_invalid) and an empty url (common.validation)", async () => {
    for (const url of ["ftp://example.com/", "javascript:alert(1)", "file:///etc/passwd", "not a url", "http://user:pw@127.0.0.1/"]) {
      await ogFails(400, "board.og_url_invalid", url);
    }
    await api.fails(400, "common.validation", "GET", "og?url=", who);
    await api.fails(400, "common.validation", "GET", "og", who);
  });

  it("needs a signed-in user", async () => {
    const r = await t.call("GET", `/api/board/og?url=${encodeURIComponent(at("/og"))}`);
    expect(r.status).toBe(401);
  });
});

describe("with OG_ALLOW_PRIVATE_HOSTS off (the default)", () => {
  beforeAll(() => {
    t.deps.config.OG_ALLOW_PRIVATE_HOSTS = false;
  });
  afterAll(() => {
    t.deps.config.OG_ALLOW_PRIVATE_HOSTS = true;
  });

  it("refuses loopback, private, link-local, metadata, IPv6 loopback and names resolving to loopback (400 board.og_forbidden)", async () => {
    const p = port();
    for (
      const url of [
        `http://127.0.0.1:${p}/og`,
        "http://127.1.2.3/",
        "http://10.0.0.5/",
        "http://172.16.8.1/",
        "http://192.168.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        `http://[::1]:${p}/og`,
        "http://[::ffff:127.0.0.1]/",
        "http://[fd00:ec2::254]/",
        "http://0.0.0.0/",
        `http://localhost:${p}/og`,
        "https://localhost/",
      ]
    ) await ogFails(400, "board.og_forbidden", url);
  });

  it("checks every redirect hop: a public page redirecting to loopback, localhost or metadata is refused", async () => {
    // The first host stands for a public site (this machine has no public one to serve from): a guard that
    // answers the loopback server for "public.example" and asks the real host guard for every other host.
    const real = hostGuard(false);
    const guard = (host: string) => host === "public.example" ? Promise.resolve("127.0.0.1") : real(host);
    const from = (path: string) => `http://public.example:${port()}${path}`;
    // The stand-in itself works: a page without redirects is read.
    expect((await fetchPage(from("/plain"), { guard })).body.length).toBeGreaterThan(0);
    for (const path of ["/to-private", "/to-localhost", "/to-metadata"]) {
      const e = await fetchPage(from(path), { guard }).catch((e) => e);
      expect(e, path).toBeInstanceOf(PageError);
      expect((e as PageError).reason, path).toBe("FORBIDDEN");
    }
  });

  it("https goes to the checked address with the name kept for the certificate, which is verified", async () => {
    // The tests' certificate (localhost), not trusted by the system: the pinned connection reaches the server
    // and refuses its certificate rather than reading the page.
    const dir = new URL("../support/tls/", import.meta.url);
    const tls = Deno.serve({
      hostname: "127.0.0.1", port: 0, onListen() {},
      cert: await Deno.readTextFile(new URL("test-cert.pem", dir)), key: await Deno.readTextFile(new URL("test-key.pem", dir)),
    }, () => html("<title>tls</title>"));
    try {
      let asked = "";
      const guard = (host: string) => {
        asked = host;
        return Promise.resolve("127.0.0.1");
      };
      const e = await fetchPage(`https://localhost:${tls.addr.port}/`, { guard }).catch((e) => e);
      expect(asked).toBe("localhost");
      expect(e).toBeInstanceOf(PageError);
      expect((e as PageError).reason).toBe("UNREACHABLE");
      expect((e as PageError).message).toMatch(/certificate/i);
    } finally {
      await tls.shutdown();
    }
  });
});
