// The inbound checks' DNS answer cache (smtp/dns-cache.ts): an answer is asked once and kept POSITIVE_MS, a
// "no such name" NEGATIVE_MS with its error code, a failing server never; questions on their way are shared,
// names compare without case, and each caller gets arrays of its own.
import { describe, expect, test } from "vitest";
import type { DnsResolver } from "../../../server/modules/mail/smtp/auth.ts";
import { cachingResolver, NEGATIVE_MS, POSITIVE_MS } from "../../../server/modules/mail/smtp/dns-cache.ts";

function setup() {
  let clock = 1_000_000;
  const asked: string[] = [];
  const upstream: DnsResolver = (name, rrtype) => {
    asked.push(`${rrtype} ${name}`);
    if (name.startsWith("missing.")) return Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
    if (name.startsWith("broken.")) return Promise.reject(Object.assign(new Error(`queryTxt ESERVFAIL ${name}`), { code: "ESERVFAIL" }));
    return new Promise((r) => setTimeout(() => r([[`v=spf1 -all ${asked.length}`]]), 5));
  };
  const resolver = cachingResolver(upstream, () => clock);
  return { resolver, asked, advance: (ms: number) => clock += ms };
}

const codeOf = (p: Promise<unknown>) => p.then(() => "answered", (e) => e.code);

describe("DNS answer cache of the inbound checks", () => {
  test("an answer is asked once, shared while on its way, and asked again after POSITIVE_MS", async () => {
    const { resolver, asked, advance } = setup();
    const [a, b] = await Promise.all([resolver("example.test", "TXT"), resolver("EXAMPLE.test", "TXT")]);
    expect(a).toEqual([["v=spf1 -all 1"]]);
    expect(b).toEqual(a);
    advance(POSITIVE_MS - 1);
    expect(await resolver("example.test", "TXT")).toEqual([["v=spf1 -all 1"]]);
    expect(asked).toEqual(["TXT example.test"]);
    await resolver("example.test", "MX");
    expect(asked).toHaveLength(2);
    advance(2);
    expect(await resolver("example.test", "TXT")).toEqual([["v=spf1 -all 3"]]);
    expect(asked).toHaveLength(3);
  });

  test("no such name is kept NEGATIVE_MS with its code; a failing server is asked every time", async () => {
    const { resolver, asked, advance } = setup();
    expect(await codeOf(resolver("missing.test", "TXT"))).toBe("ENOTFOUND");
    expect(await codeOf(resolver("missing.test", "TXT"))).toBe("ENOTFOUND");
    expect(asked).toEqual(["TXT missing.test"]);
    advance(NEGATIVE_MS + 1);
    expect(await codeOf(resolver("missing.test", "TXT"))).toBe("ENOTFOUND");
    expect(asked).toHaveLength(2);

    expect(await codeOf(resolver("broken.test", "TXT"))).toBe("ESERVFAIL");
    expect(await codeOf(resolver("broken.test", "TXT"))).toBe("ESERVFAIL");
    expect(asked.filter((q) => q === "TXT broken.test")).toHaveLength(2);
  });

  test("a caller changing its answer does not change the next caller's", async () => {
    const { resolver } = setup();
    const first = await resolver("example.test", "TXT") as string[][];
    first[0][0] = "changed";
    first.push(["added"]);
    expect(await resolver("example.test", "TXT")).toEqual([["v=spf1 -all 1"]]);
  });
});
