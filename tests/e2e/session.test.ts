// The API client's session handling in a real browser: an expired access token is refreshed once and the
// calls made meanwhile wait for it; a refresh the server refuses alerts that the login expired and goes to
// the start page.
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, signupCompany } from "../support/test-app.ts";
import { startE2E } from "./support/browser.ts";

const e = await startE2E("session");
await signupCompany(e.t, { domain: "session.test" });
const { page } = await e.newPage();
const refreshes: number[] = [];
page.on("request", (r) => {
  if (r.url().endsWith("/oauth/token") && (r.postData() ?? "").includes("grant_type=refresh_token")) refreshes.push(Date.now());
});

const stored = () => page.evaluate(() => JSON.parse(sessionStorage.getItem("gw.session") ?? localStorage.getItem("gw.session") ?? "null"));

describe("session handling", () => {
  test("a stale access token is refreshed once for all the calls that hit 401 together", async () => {
    await page.goto(`${e.base}/#/login`);
    await page.getByLabel("이메일 아이디").fill("admin@session.test");
    await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    const before = await stored();
    // Replace the access token with one the server rejects, as after its 15 minutes.
    await page.evaluate(() => {
      const key = "gw.session";
      const store = sessionStorage.getItem(key) ? sessionStorage : localStorage;
      const s = JSON.parse(store.getItem(key)!);
      store.setItem(key, JSON.stringify({ ...s, accessToken: s.accessToken.slice(0, -4) + "AAAA" }));
    });
    refreshes.length = 0;
    // The mail screen loads the user, the folders, the mail config and the list at once: all answer 401 first.
    await page.reload();
    await page.getByRole("heading", { name: "받은메일함" }).waitFor();
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    expect(refreshes).toHaveLength(1);
    const after = await stored();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await e.shot(page, "after-refresh");
  });

  test("a refused refresh says the login expired and returns to the start page", async () => {
    // Listen first: an alert nobody listens for is dismissed at once, whatever triggers it.
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    // End every session of the user on the server, then make the browser need a refresh.
    await e.t.db.sql`update sessions set revoked_at = now() where revoked_at is null`;
    await page.evaluate(() => {
      const key = "gw.session";
      const store = sessionStorage.getItem(key) ? sessionStorage : localStorage;
      const s = JSON.parse(store.getItem(key)!);
      store.setItem(key, JSON.stringify({ ...s, accessToken: "expired.token.value" }));
    });
    await page.reload(); // the guard loads the user: 401, one refresh, refused
    await page.waitForURL(/#\/login$/);
    await expect.poll(() => alerts).toEqual(["로그인 정보가 만료되었습니다. 다시 로그인해 주세요."]);
    expect(await stored()).toBeNull();
  });
});
