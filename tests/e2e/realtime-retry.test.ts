// The realtime client's retry limit (000 §4, §9: "Realtime connection retries every 10 seconds after a
// failure, at most 12 times"): with every websocket refused, the browser tries again every 10 s, twelve
// times, and then stops. The page's clock is driven by the test, so two minutes pass in moments.
import { describe, expect, test } from "vitest";
import { REALTIME_MAX_RETRIES, REALTIME_RETRY_MS } from "../../shared/realtime.ts";
import { ADMIN_PASSWORD, signupCompany } from "../support/test-app.ts";
import { startE2E } from "./support/browser.ts";

const e = await startE2E("realtime-retry");
await signupCompany(e.t, { domain: "retry.test" });
const { page } = await e.newPage();

describe("realtime retries", () => {
  test("a refused socket is retried every 10 s, at most 12 times", async () => {
    let attempts = 0;
    await page.routeWebSocket(/\/ws$/, (ws) => {
      attempts++;
      ws.close({ code: 1011, reason: "refused by the test" });
    });
    await page.clock.install();
    await page.goto(`${e.base}/#/login`);
    await page.getByLabel("이메일 아이디").fill("admin@retry.test");
    await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    await expect.poll(() => attempts, { timeout: 10_000 }).toBe(1);

    for (let i = 1; i <= REALTIME_MAX_RETRIES; i++) {
      await page.clock.runFor(REALTIME_RETRY_MS - 500);
      expect(attempts).toBe(i); // not before its 10 s are up
      await page.clock.runFor(600);
      await expect.poll(() => attempts, { timeout: 5_000 }).toBe(i + 1);
    }
    await page.clock.runFor(REALTIME_RETRY_MS * 5);
    await new Promise((r) => setTimeout(r, 500));
    expect(attempts).toBe(1 + REALTIME_MAX_RETRIES);
  }, 90_000);
});
