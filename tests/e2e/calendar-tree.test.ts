// The calendar tree in the browser: adding a calendar (title required, at most 80 characters; a colour of the
// palette; public), renaming it, a colleague finding it among the public calendars and subscribing (it shows
// under "subscribed" with the owner's events), cancelling that subscription, sharing it with the colleague for
// writing through the share dialog, and deleting the calendar. The
// default calendar cannot be deleted (its menu offers no delete). axe on the dialogs.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("calendar-tree");
const co = await mailCompany(e, "cal-tree.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });
const owner = await co.member("dana");
const colleague = await co.member("eli");
await e.t.call("PUT", "/api/users/general", { token: owner.token, form: { accountName: "김다나", personalEmail: "", languageType: "KO" } });

const TZ = "Asia/Seoul";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now());
const a = await e.newPage();
const b = await e.newPage();
a.page.setDefaultTimeout(10_000);
b.page.setDefaultTimeout(10_000);
const calendars = async (token: string) => (await e.t.call("GET", "/api/calendar/find", { token })).body as { id: number; title: string; type: string; color: string }[];

describe("the calendar tree", () => {
  test("add a public calendar: title checks, a palette colour; rename it", async () => {
    const p = a.page;
    await signIn(e, p, "dana", co.domain, USER_PASSWORD, `/cal/month/${today}`);
    await p.getByRole("button", { name: "캘린더 추가" }).click();
    const dialog = p.getByRole("dialog", { name: "캘린더 추가" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("제목을 입력하세요.").waitFor();
    await dialog.getByRole("textbox", { name: "캘린더 이름" }).fill("가".repeat(81));
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("제목은 최대 80자까지 입력할 수 있습니다.").waitFor();
    await dialog.getByRole("textbox", { name: "캘린더 이름" }).fill("팀 일정");
    await dialog.getByRole("radio", { name: /#0b8043/ }).check({ force: true });
    await dialog.getByRole("switch", { name: "공개 캘린더" }).check({ force: true });
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "add-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("'팀 일정' 캘린더를 추가했습니다.").waitFor();
    await p.getByRole("checkbox", { name: "팀 일정" }).waitFor();
    const added = (await calendars(owner.token)).find((c) => c.title === "팀 일정")!;
    expect(added.type).toBe("PUBLIC");
    expect(added.color).toBe("#0b8043");
    await e.t.call("POST", "/api/calendar/event", {
      token: owner.token, json: { calendarId: added.id, summary: "팀 워크숍", dtStart: `${today}T09:00`, dtEnd: `${today}T10:00`, timezone: TZ },
    });

    await p.getByRole("button", { name: "팀 일정 메뉴" }).click();
    await p.getByRole("menuitem", { name: "캘린더 수정" }).click();
    const edit = p.getByRole("dialog", { name: "캘린더 수정" });
    await edit.getByRole("textbox", { name: "캘린더 이름" }).fill("디자인팀 일정");
    await edit.getByRole("button", { name: "저장" }).click();
    await p.getByRole("checkbox", { name: "디자인팀 일정" }).waitFor();
    // The default calendar's menu has no delete.
    await p.getByRole("button", { name: "김다나 메뉴" }).click();
    await p.getByRole("menuitem", { name: "캘린더 수정" }).waitFor();
    await expect(p.getByRole("menuitem", { name: "삭제" }).count()).resolves.toBe(0);
    await p.keyboard.press("Escape");
    await e.shot(p, "tree");
  });

  test("a colleague subscribes to it, sees its events, and cancels the subscription", async () => {
    const p = b.page;
    await signIn(e, p, "eli", co.domain, USER_PASSWORD, `/cal/month/${today}`);
    await p.getByRole("button", { name: "동료의 공개 캘린더 구독" }).click();
    const dialog = p.getByRole("dialog", { name: "공개 캘린더 구독" });
    await dialog.getByRole("searchbox", { name: "캘린더 이름 또는 소유자 검색" }).fill("디자인");
    await dialog.getByText("디자인팀 일정").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "subscribe-dialog");
    await dialog.getByRole("button", { name: "김다나의 디자인팀 일정 구독" }).click();
    await dialog.getByText("구독 중").waitFor();
    await dialog.getByRole("button", { name: "닫기" }).click();
    await p.getByRole("checkbox", { name: /디자인팀 일정/ }).waitFor();
    await p.locator(".cal-month .cal-item", { hasText: "팀 워크숍" }).waitFor();
    await e.shot(p, "subscribed");

    await p.getByRole("button", { name: "디자인팀 일정 메뉴" }).click();
    await p.getByRole("menuitem", { name: "구독 취소" }).click();
    await p.getByRole("dialog").getByRole("button", { name: "구독 취소" }).click();
    await p.getByRole("checkbox", { name: /디자인팀 일정/ }).waitFor({ state: "detached" });
    await expect(p.locator(".cal-month .cal-item", { hasText: "팀 워크숍" }).count()).resolves.toBe(0);
    expect((await calendars(colleague.token)).some((c) => c.title === "디자인팀 일정")).toBe(false);
  });

  test("the owner shares it with the colleague for writing, who then finds it among shared calendars", async () => {
    const p = a.page;
    await p.getByRole("button", { name: "디자인팀 일정 메뉴" }).click();
    await p.getByRole("menuitem", { name: "공유" }).click();
    const dialog = p.getByRole("dialog", { name: "디자인팀 일정 공유" });
    await dialog.getByText("아직 공유한 대상이 없습니다.").waitFor();
    await dialog.getByRole("combobox", { name: "공유 대상 추가" }).fill("eli");
    await p.getByRole("option", { name: /eli/ }).click();
    const permission = dialog.getByLabel(/eli.* 권한/);
    await permission.selectOption("3");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "share-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("공유 설정이 변경되었습니다.").waitFor();
    const shared = (await calendars(colleague.token)).find((c) => c.title === "디자인팀 일정") as { privilege?: number } | undefined;
    expect(shared?.privilege).toBe(3);
    const q = b.page;
    await q.reload();
    await q.getByRole("checkbox", { name: /디자인팀 일정/ }).waitFor();
    await q.locator(".cal-month .cal-item", { hasText: "팀 워크숍" }).waitFor();
    await e.shot(q, "shared-with-me");
  });

  test("the owner deletes the calendar with its events", async () => {
    const p = a.page;
    await p.locator(".cal-month .cal-item", { hasText: "팀 워크숍" }).waitFor();
    await p.getByRole("button", { name: "디자인팀 일정 메뉴" }).click();
    await p.getByRole("menuitem", { name: "삭제" }).click();
    await p.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await p.getByText("'디자인팀 일정' 캘린더를 삭제했습니다.").waitFor();
    await p.getByRole("checkbox", { name: "디자인팀 일정" }).waitFor({ state: "detached" });
    await p.locator(".cal-month .cal-item", { hasText: "팀 워크숍" }).waitFor({ state: "detached" });
    expect((await calendars(owner.token)).some((c) => c.title === "디자인팀 일정")).toBe(false);
  });
});
