// Google calendars in the browser (issue 23 "External Google Calendar"), against the stand-in Google on
// loopback: the administrator enters the provider's settings in the admin screen; a user connects in the
// 512x630 sign-in popup (the stand-in's consent page: Deny shows the reason, then Allow), sees the Google calendars under their account in
// the tree with Google's colours and their events in the month view, unchecks one (its events go), sees the
// reason text when the grant is revoked at Google, and disconnects (calendars and events gone); on a phone the
// Google calendars are in the calendar list's drawer. axe finds nothing serious in the admin section or the tree.
import { afterAll, describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { startGoogleStandin } from "../support/google-standin.ts";

const e = await startE2E("calendar-external");
const co = await mailCompany(e, "cal-external.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });
const mina = await co.member("mina");
const g = startGoogleStandin();
g.switches.consentPage = true;
afterAll(() => g.close());

const TZ = "Asia/Seoul";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now());
const day = (d: number) => `${today.slice(0, 8)}${String(d).padStart(2, "0")}`;
g.addCalendar({ id: g.account.email, summary: "Kim Google", backgroundColor: "#9fe1e7", primary: true, selected: true });
g.addCalendar({ id: "team@group.calendar.google.com", summary: "Team (Google)", backgroundColor: "#f83a22", selected: true });
g.putEvent(g.account.email, { id: "g1", summary: "구글 치과 예약", start: { dateTime: `${day(12)}T10:00:00+09:00` }, end: { dateTime: `${day(12)}T11:00:00+09:00` } });
g.putEvent("team@group.calendar.google.com", { id: "t1", summary: "Team review", start: { dateTime: `${day(14)}T15:00:00+09:00` }, end: { dateTime: `${day(14)}T16:00:00+09:00` } });

const admin = await e.newPage();
const user = await e.newPage();
admin.page.setDefaultTimeout(10_000);
user.page.setDefaultTimeout(10_000);

describe("Google calendars", () => {
  test("the administrator enters the provider's settings", async () => {
    const p = admin.page;
    await signIn(e, p, "admin", co.domain, ADMIN_PASSWORD, "/admin/external-services");
    const form = p.getByRole("form", { name: "Google 캘린더" });
    await form.waitFor();
    await form.getByRole("textbox", { name: "클라이언트 ID" }).fill(g.clientId);
    await form.getByLabel("클라이언트 보안 비밀").fill(g.clientSecret);
    await form.getByRole("textbox", { name: "인증(authorization) 엔드포인트" }).fill(g.endpoints.authorizationUri);
    await form.getByRole("textbox", { name: "토큰 엔드포인트" }).fill(g.endpoints.tokenUri);
    await form.getByRole("textbox", { name: "토큰 취소 엔드포인트" }).fill(g.endpoints.revocationUri);
    await form.getByRole("textbox", { name: "사용자 정보 엔드포인트" }).fill(g.endpoints.userInfoUri);
    await form.getByRole("textbox", { name: "API 기본 URL" }).fill(g.endpoints.apiBaseUrl);
    await form.getByRole("switch", { name: "사용자 연결 허용" }).check({ force: true });
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "admin-settings");
    await form.getByRole("button", { name: "저장" }).click();
    await p.getByText("설정을 저장했습니다.").waitFor();
    await form.getByText("저장된 보안 비밀이 있습니다. 비워 두면 그대로 유지됩니다.").waitFor();
    const saved = await e.t.call("GET", "/api/admin/external-services", { token: co.admin.token });
    expect(saved.body[0]).toMatchObject({ enabled: true, clientId: g.clientId, hasClientSecret: true, tokenUri: g.endpoints.tokenUri });
  });

  test("a user connects in the 512x630 popup and sees the Google calendars and their events", async () => {
    const p = user.page;
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/cal/month/${today}`);
    const group = p.getByRole("region", { name: "Google 캘린더" });
    await group.waitFor();
    // Refused at Google first: the reason shows, and the button works again.
    const refusedPopup = p.waitForEvent("popup");
    await group.getByRole("button", { name: "Google 캘린더 연결하기" }).click();
    const refused = await refusedPopup;
    const refusedClosed = refused.waitForEvent("close");
    await refused.getByRole("link", { name: "Deny" }).click();
    await refusedClosed;
    await p.getByText("연결이 거부되었습니다.").waitFor();
    await e.shot(p, "refused");
    const popupOpened = p.waitForEvent("popup");
    await group.getByRole("button", { name: "Google 캘린더 연결하기" }).click();
    const popup = await popupOpened;
    await popup.getByRole("link", { name: "Allow" }).waitFor();
    expect(await popup.evaluate(() => [globalThis.outerWidth, globalThis.outerHeight])).toEqual([512, 630]);
    await e.shot(popup, "popup-consent");
    const closed = popup.waitForEvent("close");
    await popup.getByRole("link", { name: "Allow" }).click();
    await closed;
    await p.getByText("Google 캘린더를 연결했습니다.").waitFor();
    await group.getByText(g.account.email).waitFor();
    await group.getByText("Kim Google").waitFor();
    await group.getByText("Team (Google)").waitFor();
    await p.locator(".cal-month .cal-item", { hasText: "구글 치과 예약" }).waitFor();
    await p.locator(".cal-month .cal-item", { hasText: "Team review" }).waitFor();
    const color = await group.locator(".cal-tree-item", { hasText: "Team (Google)" }).evaluate((el) => getComputedStyle(el).getPropertyValue("--cal-color"));
    expect(color.trim()).toBe("#f83a22");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "connected");
  });

  test("an external event opens read-only: no edit or delete", async () => {
    const p = user.page;
    await p.locator(".cal-month .cal-item", { hasText: "구글 치과 예약" }).click();
    const dialog = p.getByRole("dialog", { name: /구글 치과 예약/ });
    await dialog.getByText("Google 캘린더의 일정은 여기서 수정할 수 없습니다.").waitFor();
    await e.shot(p, "event-popup");
    expect(await dialog.getByRole("button", { name: "수정" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "삭제" }).count()).toBe(0);
    await p.keyboard.press("Escape");
  });

  test("unchecking a Google calendar hides its events", async () => {
    const p = user.page;
    const group = p.getByRole("region", { name: "Google 캘린더" });
    await group.getByRole("checkbox", { name: "Team (Google)" }).uncheck();
    await p.locator(".cal-month .cal-item", { hasText: "Team review" }).waitFor({ state: "detached" });
    await p.locator(".cal-month .cal-item", { hasText: "구글 치과 예약" }).waitFor();
    const [conn] = (await e.t.call("GET", "/api/oauth2/connections", { token: mina.token })).body;
    const view = await e.t.call("GET", `/api/external/calendars?connectionId=${conn.id}`, { token: mina.token });
    expect(view.body.calendars.find((c: { title: string }) => c.title === "Team (Google)").selected).toBe(false);
  });

  test("on a phone the Google calendars are in the calendar list's drawer", async () => {
    const p = user.page;
    await p.setViewportSize({ width: 390, height: 844 });
    try {
      await p.getByRole("button", { name: "캘린더 목록 열기" }).click();
      const drawer = p.getByRole("dialog", { name: "캘린더 목록" });
      const group = drawer.getByRole("region", { name: "Google 캘린더" });
      await group.getByRole("checkbox", { name: "Kim Google" }).waitFor();
      expect(await group.getByRole("checkbox", { name: "Team (Google)" }).isChecked()).toBe(false);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      expect(await seriousViolations(p)).toEqual([]);
      await e.shot(p, "phone-drawer");
      await p.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });
    } finally {
      await p.setViewportSize({ width: 1280, height: 800 });
    }
  });

  test("a revoked grant shows its reason; disconnecting removes the calendars", async () => {
    const p = user.page;
    g.revokeGrant();
    const group = p.getByRole("region", { name: "Google 캘린더" });
    await group.getByRole("button", { name: `${g.account.email} 메뉴` }).click();
    await p.getByRole("menuitem", { name: "지금 동기화" }).click();
    await group.getByText("연결이 만료되었습니다. 다시 연결해 주세요.").waitFor();
    await e.shot(p, "revoked");
    await group.getByRole("button", { name: `${g.account.email} 메뉴` }).click();
    await p.getByRole("menuitem", { name: "연결 해제" }).click();
    await p.getByRole("dialog").getByRole("button", { name: "연결 해제" }).click();
    await p.getByText("연결을 해제했습니다.").waitFor();
    await group.getByRole("button", { name: "Google 캘린더 연결하기" }).waitFor();
    await p.locator(".cal-month .cal-item", { hasText: "구글 치과 예약" }).waitFor({ state: "detached" });
    expect(await group.getByText("Kim Google").count()).toBe(0);
    await e.shot(p, "disconnected");
    expect((await e.t.call("GET", "/api/oauth2/connections", { token: mina.token })).body).toEqual([]);
  });
});
