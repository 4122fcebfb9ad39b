// The realtime channel in real browsers (000 §4: "A realtime channel can issue or destroy tokens so other
// browser tabs follow"): two browsers signed in as the same user; signing out in one sends the other back to
// the sign-in page by itself, with its tokens cleared. A dropped connection comes back after 10 s (000 §9).
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { authTopic } from "../../shared/realtime.ts";
import { ADMIN_PASSWORD, signupCompany } from "../support/test-app.ts";
import { startE2E } from "./support/browser.ts";

const e = await startE2E("realtime");
const co = await signupCompany(e.t, { domain: "realtime.test" });
const first = await e.newPage();
const second = await e.newPage();
const hub = e.t.deps.realtime.hub;

async function signIn(page: Page) {
  await page.goto(`${e.base}/#/login`);
  await page.getByLabel("이메일 아이디").fill("admin@realtime.test");
  await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await page.waitForURL(/#\/mail\/\d+\/1$/);
  await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
}

const stored = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem("gw.session") ?? localStorage.getItem("gw.session"));

describe("realtime sign-out across browsers", () => {
  test("two browsers signed in as the same user both hold a subscribed socket", async () => {
    const sockets: string[] = [];
    second.page.on("websocket", (ws) => sockets.push(ws.url()));
    await signIn(first.page);
    await signIn(second.page);
    await expect.poll(() => hub.subscriberCount(authTopic(co.username)), { timeout: 10_000 }).toBe(2);
    // The browser's websocket event reaches this process through the browser server: it may come after the
    // hub here has seen the subscription.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    expect(sockets.every((u) => !u.includes("access_token") && u.endsWith("/ws"))).toBe(true);
    await e.shot(second.page, "second-signed-in");
  });

  test("after the server drops the sockets, both browsers reconnect 10 s later and subscribe again", async () => {
    const dropped = Date.now();
    hub.closeAll(1012, "restarting");
    expect(hub.subscriberCount(authTopic(co.username))).toBe(0);
    await expect.poll(() => hub.subscriberCount(authTopic(co.username)), { timeout: 25_000, interval: 200 }).toBe(2);
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(9_500);
  }, 40_000);

  test("signing out in the first browser returns the second to the sign-in page by itself", async () => {
    await first.page.getByRole("button", { name: "사용자 메뉴" }).click();
    await first.page.getByRole("menuitem", { name: "로그아웃" }).click();
    await first.page.waitForURL(/#\/login$/);
    await second.page.waitForURL(/#\/login$/, { timeout: 10_000 });
    await second.page.getByRole("heading", { name: "회사 계정으로 로그인" }).waitFor();
    expect(await stored(second.page)).toBeNull();
    await e.shot(second.page, "second-followed-sign-out");
    await expect.poll(() => hub.size, { timeout: 10_000 }).toBe(0);
  });
});
