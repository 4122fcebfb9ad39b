// The API client's session handling in a real browser: an expired access token is refreshed once and the
// calls made meanwhile wait for it; a refresh the server refuses goes to the login page, which says (in the
// app's own words and language, not a browser alert) that the login expired, until the next attempt.
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, signupCompany } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";

const e = await startE2E("session");
await signupCompany(e.t, { domain: "session.test" });
const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const refreshes: number[] = [];
page.on("request", (r) => {
  if (r.url().endsWith("/oauth/token") && (r.postData() ?? "").includes("grant_type=refresh_token")) refreshes.push(Date.now());
});

const stored = () => page.evaluate(() => JSON.parse(sessionStorage.getItem("gw.session") ?? localStorage.getItem("gw.session") ?? "null"));

// A token made stale for the next page load only (staleOnReload), before any of the app's code runs there.
await page.addInitScript(() => {
  if (self !== top || sessionStorage.getItem("e2e.staleOnLoad") !== "1") return;
  sessionStorage.removeItem("e2e.staleOnLoad");
  const key = "gw.session";
  const store = sessionStorage.getItem(key) ? sessionStorage : localStorage;
  const s = JSON.parse(store.getItem(key)!);
  store.setItem(key, JSON.stringify({ ...s, accessToken: s.accessToken.slice(0, -4) + "AAAA" }));
});

describe("session handling", () => {
  test("a stale access token is refreshed once for all the calls that hit 401 together", async () => {
    await page.goto(`${e.base}/#/login`);
    await page.getByLabel("이메일 아이디").fill("admin@session.test");
    await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    const before = await stored();
    // The reloaded page starts with an access token the server rejects, as after its 15 minutes.
    await staleOnReload();
    refreshes.length = 0;
    // The guard's call for the user meets it first (401); calls made meanwhile wait for the one refresh, and the
    // mail screen then loads with the new token.
    await page.reload();
    await page.getByRole("heading", { name: "받은메일함" }).waitFor();
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    expect(refreshes).toHaveLength(1);
    const after = await stored();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await e.shot(page, "after-refresh");
  });

  test("a refresh that gets no answer (network, a reload cutting it off) keeps the session for the next try", async () => {
    const valid = await stored();
    const before = { ...valid, accessToken: valid.accessToken.slice(0, -4) + "AAAA" };
    let cut = 0;
    await page.route("**/oauth/token", async (route) => {
      if (cut++ === 0) await route.abort("connectionreset");
      else await route.continue();
    });
    await staleOnReload();
    await page.reload(); // the guard's call: 401, a refresh with no answer
    await expect.poll(() => cut).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(page.url()).not.toMatch(/#\/login$/);
    expect(await stored()).toEqual(before);
    await page.reload(); // the next try refreshes and the mail screen opens
    await page.getByRole("heading", { name: "받은메일함" }).waitFor();
    expect((await stored()).refreshToken).not.toBe(before.refreshToken);
    await page.unroute("**/oauth/token");
  });

  test("a refresh the server answered but the page never got (cut off after the rotation) keeps the session", async () => {
    const valid = await stored();
    const before = { ...valid, accessToken: valid.accessToken.slice(0, -4) + "AAAA" };
    let lost = 0;
    await page.route("**/oauth/token", async (route) => {
      if (lost++ > 0) return await route.continue();
      await route.fetch(); // the server rotates the refresh token...
      await route.abort("connectionreset"); // ...and its answer never reaches the page
    });
    await staleOnReload();
    await page.reload(); // the guard's call: 401, a refresh whose answer is lost
    await expect.poll(() => lost).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(page.url()).not.toMatch(/#\/login$/);
    expect(await stored()).toEqual(before);
    await page.reload(); // the old refresh token again, within the grace period: the same new one
    await page.getByRole("heading", { name: "받은메일함" }).waitFor();
    expect((await stored()).refreshToken).not.toBe(before.refreshToken);
    await page.unroute("**/oauth/token");
  });

  test("a refused refresh says on the login page that the login expired, without a browser alert", async () => {
    // Listen first: an alert nobody listens for is dismissed at once, whatever triggers it.
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await expireSession();
    await page.reload(); // the guard loads the user: 401, one refresh, refused
    await page.waitForURL(/#\/login$/);
    const notice = page.getByRole("status").filter({ hasText: "로그인 정보가 만료되었습니다. 다시 로그인해 주세요." });
    await notice.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "expired-ko");
    expect(alerts).toEqual([]);
    expect(await stored()).toBeNull();
    // It stays through a reload of the login page, until the next sign-in attempt.
    await page.reload();
    await notice.waitFor();
    await page.getByLabel("이메일 아이디").fill("admin@session.test");
    await page.getByLabel("비밀번호").fill("wrong-password");
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.getByText("아이디 또는 비밀번호를 확인하세요.").waitFor();
    expect(await notice.count()).toBe(0);
    await page.reload();
    await page.getByLabel("이메일 아이디").waitFor();
    expect(await notice.count()).toBe(0);
  });

  for (const [lng, name, text, idLabel] of [
    ["en", "English", "Your login information has expired. Please sign in again.", "Email ID"],
    ["id", "Bahasa Indonesia", "Informasi login Anda telah kedaluwarsa. Silakan masuk lagi.", "ID email"],
  ] as const) {
    test(`the notice in ${lng}`, async () => {
      // The language chosen on the login page is the user's from this sign-in on.
      await page.getByRole("button", { name }).click();
      await signIn(idLabel);
      await expireSession();
      // Without a reload: the open page meets the ended session by itself (the realtime channel, the next call).
      // (Another page than the one sign-in came back to, so the app has to call the server.)
      await page.evaluate(() => (location.hash = location.hash === "#/account/info" ? "#/account/security" : "#/account/info"));
      await page.waitForURL(/#\/login$/);
      await page.getByRole("status").filter({ hasText: text }).waitFor();
      await e.shot(page, `expired-${lng}`);
    });
  }
});

/**
 * Signs in from the login page (in whichever language it is) and waits for the mail screen, or for the page the
 * session ended on (sign-in goes back there: #/account/info, when the ended session was met there).
 */
async function signIn(idLabel: string) {
  await page.getByLabel(idLabel).fill("admin@session.test");
  await page.locator("input[type=password]").fill(ADMIN_PASSWORD);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/#\/(mail\/\d+\/1|account\/info)$/);
  await page.locator(".user-button").waitFor();
}

/**
 * Makes the access token stale in the page's next load (a reload), not in the page that is open: that one may
 * still be loading the screen it just opened, and its own calls would then meet the stale token and start a
 * refresh of their own, which the reload cuts off. Whether the server had received it or not, the reloaded page
 * then refreshes a second time (with the refresh token the server just replaced, the second one is refused and
 * the session ends): the count of refreshes would depend on the old page's timing, not on the API client.
 */
async function staleOnReload() {
  await page.evaluate(() => sessionStorage.setItem("e2e.staleOnLoad", "1"));
}

/** Ends every session of the user on the server, then makes the browser need a refresh. */
async function expireSession() {
  await e.t.db.sql`update sessions set revoked_at = now() where revoked_at is null`;
  await page.evaluate(() => {
    const key = "gw.session";
    const store = sessionStorage.getItem(key) ? sessionStorage : localStorage;
    const s = JSON.parse(store.getItem(key)!);
    store.setItem(key, JSON.stringify({ ...s, accessToken: "expired.token.value" }));
  });
}
