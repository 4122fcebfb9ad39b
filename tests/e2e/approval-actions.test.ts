// The document actions of the approval island not walked elsewhere (issue 26), in one journey over documents
// drafted and partly approved through the API: 윤본부 rejects with 전단계 반려 (the document goes back to 이팀장,
// in his box 결재 대기), 이팀장 rejects it plainly (반려한 문서) and 김기안 finds it 반려 in 반려 문서; the 409
// path — 윤본부's approval dialog stays open while 이팀장 cancels his approval in another browser, so the
// approval answers the conflict, the dialog closes and the document is read again (no 결재 any more); 정총무,
// keeper of 총무팀, receives one document and returns another from the department box 부서 수신; 김기안
// retrieves a draft (회수 문서) and deletes it, changes a completed document's open range, adds a shared-reading
// line through the line editor, and writes, edits and deletes an opinion. The spec's Korean texts are asserted
// word for word (APPROVAL_SUCCESS_KO).
import { describe, expect, test } from "vitest";
import { APPROVAL_SUCCESS_KO } from "../../shared/approval/errors.ts";
import { organLine, userLine } from "../approval/support.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { approvalSetup, PW } from "./support/approval.ts";

const e = await startE2E("approval-actions");
const s = await approvalSetup(e, "appr-actions-e2e.test");
const { A } = s;

describe("approval actions", () => {
  test("전단계 반려, 반려, the 409 of a stale page, 결재 취소, 접수 and 반송 in the department box, 회수 and 삭제, open range, 공람, opinions", async () => {
    const toGeneral = () => [userLine("APPROVAL", 1, A.planLead.id), organLine("RECEIVE_ORGAN", 1, A.organs.general)];
    const backDoc = await s.submit("전단계 반려 시험 품의");
    await s.act("approve", backDoc, A.planLead);
    const staleDoc = await s.submit("결재 취소 시험 품의");
    await s.act("approve", staleDoc, A.planLead);
    const receiveDoc = await s.submit("총무팀 수신 품의", "proposal", toGeneral());
    await s.act("approve", receiveDoc, A.planLead);
    const returnDoc = await s.submit("총무팀 반송 품의", "proposal", toGeneral());
    await s.act("approve", returnDoc, A.planLead);
    const retrieveDoc = await s.submit("회수할 품의");

    const yoon = await e.newPage();
    const y = yoon.page;
    y.setDefaultTimeout(12_000);
    await signIn(e, y, "yoon", A.co.domain, PW);
    const lee = await e.newPage();
    const l = lee.page;
    l.setDefaultTimeout(12_000);
    await signIn(e, l, "lee", A.co.domain, PW);

    // 윤본부 sends the document back to the previous approver (전단계 반려).
    await y.goto(`${e.base}/#/approval/doc/list/ab/${backDoc}`);
    await y.getByRole("heading", { level: 1, name: "전단계 반려 시험 품의" }).waitFor();
    // The way back names the box with its particle (결재 대기로, not 결재 대기(으)로).
    expect(await y.getByRole("link", { name: "‹ 결재 대기로", exact: true }).getAttribute("href")).toBe("/#/approval/doc/list/ab");
    await y.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "반려", exact: true }).click();
    const back = y.getByRole("dialog", { name: "반려" });
    await back.getByLabel("의견 (선택)").fill("금액 근거를 다시 확인해 주세요");
    await back.getByText("전단계 반려", { exact: true }).click();
    expect(await seriousViolations(y)).toEqual([]);
    await e.shot(y, "pre-reject-dialog");
    await back.getByRole("button", { name: "반려", exact: true }).click();
    await y.getByText("반려 처리했습니다.", { exact: true }).waitFor();
    await y.waitForURL(/#\/approval\/doc\/list\/ab$/);
    // He opens the next document from 결재 대기 at once: the message the rejection carried to the box goes with
    // this second navigation. (Whether it went with the navigation rather than its 3 s running out is not told
    // apart here: a wall-clock bound fails on a loaded machine.)
    await y.getByRole("link", { name: "결재 취소 시험 품의", exact: true }).click();
    await y.waitForURL(new RegExp(`#/approval/doc/list/ab/${staleDoc}$`));
    await y.getByText("반려 처리했습니다.", { exact: true }).waitFor({ state: "detached", timeout: 2000 });
    const afterBack = await s.read(backDoc, A.drafter);
    expect(afterBack.status).toBe("IN_PROGRESS");
    expect(afterBack.lines.filter((x) => x.group === "APPROVAL").map((x) => [x.approver.userName, x.status])).toEqual([
      ["이팀장", "PENDING_APPROVAL"],
      ["윤본부", "WAITING"],
    ]);

    // It is in 이팀장's box 결재 대기 again, with 윤본부's opinion marked 전단계 반려; he rejects it to the drafter.
    await l.goto(`${e.base}/#/approval/doc/list/ab`);
    await l.getByRole("link", { name: "전단계 반려 시험 품의", exact: true }).click();
    await l.waitForURL(new RegExp(`#/approval/doc/list/ab/${backDoc}$`));
    const opinion = l.locator(".ap-opinion", { hasText: "금액 근거를 다시 확인해 주세요" });
    await opinion.getByText("전단계 반려", { exact: true }).waitFor();
    await opinion.getByText("윤본부", { exact: true }).waitFor();
    await l.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "반려", exact: true }).click();
    const reject = l.getByRole("dialog", { name: "반려" });
    await reject.getByLabel("의견 (선택)").waitFor();
    expect(await reject.getByText("전단계 반려", { exact: true }).count()).toBe(0); // nobody before him
    await reject.getByLabel("의견 (선택)").fill("이번 분기에는 진행하지 않습니다");
    await reject.getByRole("button", { name: "반려", exact: true }).click();
    await l.getByText("반려 처리했습니다.", { exact: true }).waitFor();
    await l.waitForURL(/#\/approval\/doc\/list\/ar$/);
    await l.locator("tbody tr.ap-row", { hasText: "전단계 반려 시험 품의" }).waitFor();
    expect((await s.read(backDoc, A.drafter)).status).toBe("REJECTED");

    // The stale page: 윤본부 has 결재 open on a document (opened above) when 이팀장 cancels his approval of it.
    await y.getByRole("heading", { level: 1, name: "결재 취소 시험 품의" }).waitFor();
    const yoonBar = y.getByRole("toolbar", { name: "문서 작업" });
    await yoonBar.getByRole("button", { name: "결재", exact: true }).click();
    const approve = y.getByRole("dialog", { name: "결재" });
    await approve.getByLabel("의견 (선택)").fill("승인합니다");

    await l.goto(`${e.base}/#/approval/doc/list/ap/${staleDoc}`);
    await l.getByRole("heading", { level: 1, name: "결재 취소 시험 품의" }).waitFor();
    await l.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "결재 취소", exact: true }).click();
    await l.getByRole("dialog").getByText("결재를 취소할까요? 다음 결재자가 처리하기 전까지만 취소할 수 있습니다.").waitFor();
    await e.shot(l, "cancel-confirm");
    await l.getByRole("dialog").getByRole("button", { name: "결재 취소", exact: true }).click();
    await l.getByText("결재를 취소했습니다.", { exact: true }).waitFor();
    await l.waitForURL(/#\/approval\/doc\/list\/ab$/);
    await l.locator("tbody tr.ap-row", { hasText: "결재 취소 시험 품의" }).waitFor();

    const versionBefore = (await s.read(staleDoc, A.drafter)).version;
    await approve.getByRole("button", { name: "결재", exact: true }).click();
    await y.getByText("다른 사용자가 문서를 변경했습니다. 다시 열어 주세요.", { exact: true }).waitFor();
    await approve.waitFor({ state: "detached" });
    await expect.poll(() => yoonBar.getByRole("button", { name: "결재", exact: true }).count(), { timeout: 8000 }).toBe(0);
    await e.shot(y, "conflict");
    const stale = await s.read(staleDoc, A.drafter);
    expect(stale.version).toBe(versionBefore);
    expect(stale.lines.filter((x) => x.group === "APPROVAL").map((x) => x.status)).toEqual(["PENDING_APPROVAL", "WAITING"]);
    await yoon.context.close();
    await lee.context.close();

    // 정총무 keeps 총무팀's documents: 접수 and 반송 from the department box 부서 수신.
    const jung = await e.newPage();
    const j = jung.page;
    j.setDefaultTimeout(12_000);
    await signIn(e, j, "jung", A.co.domain, PW, "/approval/home");
    const side = j.getByRole("navigation", { name: "전자결재 메뉴" });
    const organBox = side.getByRole("list", { name: "총무팀" }).getByRole("link", { name: /^부서 수신/ });
    // The two receipts wait in 총무팀's box, and its entry says so; his own 접수 대기 has none to show.
    await organBox.getByText("(2건)", { exact: true }).waitFor();
    expect(await side.getByRole("link", { name: /^접수 대기/ }).textContent()).toBe("접수 대기");
    // The home's 접수 대기 card counts them and, his own box being empty, leads to 총무팀's box; 결재 대기 (none
    // anywhere) to his own.
    const cards = j.getByRole("list", { name: "결재 현황" });
    const receiveCard = cards.getByRole("link", { name: /^접수 대기/ });
    await receiveCard.getByText("2", { exact: true }).waitFor();
    expect(await receiveCard.getAttribute("href")).toBe(`/#/approval/doc/list/or?dept=${A.organs.general}`);
    expect(await cards.getByRole("link", { name: /^결재 대기/ }).getAttribute("href")).toBe("/#/approval/doc/list/ab");
    await organBox.click();
    await j.waitForURL(new RegExp(`#/approval/doc/list/or\\?dept=${A.organs.general}$`));
    const organRows = j.locator("tbody tr.ap-row");
    await expect.poll(() => organRows.count(), { timeout: 8000 }).toBe(2);
    expect(await seriousViolations(j)).toEqual([]);
    await e.shot(j, "organ-receive-box");
    await j.getByRole("link", { name: "총무팀 수신 품의", exact: true }).click();
    await j.waitForURL(new RegExp(`#/approval/doc/list/or/${receiveDoc}$`));
    await j.getByRole("link", { name: "‹ 부서 수신으로", exact: true }).waitFor();
    await j.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "접수", exact: true }).click();
    await j.getByRole("dialog").getByRole("button", { name: "접수", exact: true }).click();
    await j.getByText(APPROVAL_SUCCESS_KO.received, { exact: true }).waitFor();
    // Back in 총무팀's box (not his own 접수 완료), where the received document stays and the other receipt waits.
    await j.waitForURL(new RegExp(`#/approval/doc/list/or\\?dept=${A.organs.general}$`));
    await j.locator("tbody tr.ap-row", { hasText: "총무팀 반송 품의" }).waitFor();
    await j.locator("tbody tr.ap-row", { hasText: "총무팀 수신 품의" }).waitFor();
    const received = await s.read(receiveDoc, A.drafter);
    expect(received.lines.find((x) => x.group === "RECEIVE")).toMatchObject({ status: "RECEIVED", actedBy: { userName: "정총무" } });

    await j.getByRole("link", { name: "총무팀 반송 품의", exact: true }).click();
    await j.waitForURL(new RegExp(`#/approval/doc/list/or/${returnDoc}$`));
    await j.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "반송", exact: true }).click();
    const ret = j.getByRole("dialog", { name: "반송" });
    await ret.getByLabel("의견 (선택)").fill("총무팀 소관이 아닙니다");
    await ret.getByRole("button", { name: "반송", exact: true }).click();
    await j.getByText(APPROVAL_SUCCESS_KO.returned, { exact: true }).waitFor();
    await j.waitForURL(new RegExp(`#/approval/doc/list/or\\?dept=${A.organs.general}$`));
    // The returned document stays listed in the department's box, with the received one.
    await organRows.filter({ hasText: "총무팀 반송 품의" }).waitFor();
    await organRows.filter({ hasText: "총무팀 수신 품의" }).waitFor();
    expect((await s.read(returnDoc, A.drafter)).status).toBe("RETURNED");
    // Another department's box (not his to keep) is refused with the reason, not also "no documents".
    await j.goto(`${e.base}/#/approval/doc/list/oh?dept=${A.organs.finance}`);
    await j.getByRole("alert").getByText("이 부서의 문서 담당자가 아닙니다.", { exact: true }).waitFor();
    expect(await j.getByText("문서 목록을 불러오는데 실패했습니다", { exact: true }).count()).toBe(0);
    expect(await j.getByText("문서가 없습니다.", { exact: true }).count()).toBe(0);
    await jung.context.close();

    // 김기안: the rejected draft under 반려 문서, marked 반려.
    const kim = await e.newPage();
    const k = kim.page;
    k.setDefaultTimeout(12_000);
    await signIn(e, k, "kim", A.co.domain, PW, "/approval/doc/list/dr");
    const rejectedRow = k.locator("tbody tr.ap-row", { hasText: "전단계 반려 시험 품의" });
    await expect.poll(() => rejectedRow.locator(".ap-cell-completedAt").textContent(), { timeout: 8000 }).toBe("반려");

    // 회수, then 삭제 from 회수 문서.
    await k.goto(`${e.base}/#/approval/doc/list/dd/${retrieveDoc}`);
    await k.getByRole("heading", { level: 1, name: "회수할 품의" }).waitFor();
    await k.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "회수", exact: true }).click();
    await k.getByRole("dialog").getByRole("button", { name: "회수", exact: true }).click();
    await k.getByText(APPROVAL_SUCCESS_KO.retrieved, { exact: true }).waitFor();
    await k.waitForURL(/#\/approval\/doc\/list\/de$/);
    await k.getByRole("link", { name: "회수할 품의", exact: true }).click();
    await k.waitForURL(new RegExp(`#/approval/doc/list/de/${retrieveDoc}$`));
    expect(await k.getByRole("link", { name: "‹ 회수 문서로", exact: true }).getAttribute("href")).toBe("/#/approval/doc/list/de");
    await k.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "삭제", exact: true }).click();
    await k.getByRole("dialog").getByText("문서를 삭제할까요? 삭제한 문서는 되돌릴 수 없습니다.").waitFor();
    await k.getByRole("dialog").getByRole("button", { name: "삭제", exact: true }).click();
    await k.getByText(APPROVAL_SUCCESS_KO.deleted, { exact: true }).waitFor();
    await k.waitForURL(/#\/approval\/doc\/list\/de$/);
    await k.getByText("문서가 없습니다.", { exact: true }).waitFor();
    await s.api.fails(404, "approval.not_found", "GET", `document/${retrieveDoc}`, A.drafter);

    // A completed document opened under a box it is not in (회수 문서): the way back is to that box, as addressed.
    await k.goto(`${e.base}/#/approval/doc/list/de/${receiveDoc}`);
    await k.getByRole("heading", { level: 1, name: "총무팀 수신 품의" }).waitFor();
    expect(await k.getByRole("link", { name: "‹ 회수 문서로", exact: true }).getAttribute("href")).toBe("/#/approval/doc/list/de");

    // A completed document: its open range, a shared-reading line, and an opinion written, edited and deleted.
    await k.goto(`${e.base}/#/approval/doc/list/dc/${receiveDoc}`);
    await k.getByRole("heading", { level: 1, name: "총무팀 수신 품의" }).waitFor();
    const bar = k.getByRole("toolbar", { name: "문서 작업" });
    await bar.getByRole("button", { name: "공람 추가", exact: true }).click();
    const share = k.getByRole("dialog", { name: "공람 추가" });
    const search = share.getByRole("searchbox", { name: "이름으로 검색" });
    await search.fill("최회");
    await search.press("Enter");
    await share.getByRole("listbox", { name: "검색 결과" }).getByRole("option", { name: /^최회계/ }).click();
    await share.getByRole("button", { name: "최회계 추가", exact: true }).click();
    await share.getByText("최회계: 공람으로 추가했습니다.", { exact: true }).waitFor();
    expect(await seriousViolations(k)).toEqual([]);
    await e.shot(k, "share-dialog");
    await share.getByRole("button", { name: "공람 추가: 적용", exact: true }).click();
    await k.getByText("공람을 추가했습니다.", { exact: true }).waitFor();
    // Watch the snackbar: a success that replaces the one shown removes it in the same change that adds the new
    // one (one DOM mutation batch), whereas a message whose time ran out goes in a change of its own.
    await k.evaluate(() => {
      const w = globalThis as unknown as { __snackBatches: { added: string[]; removed: string[] }[] };
      w.__snackBatches = [];
      const region = document.querySelector(".snackbar-region")!;
      new MutationObserver((records) => {
        const text = (n: Node) => (n as Element).classList?.contains("snack") ? n.textContent ?? "" : null;
        const added = records.flatMap((r) => [...r.addedNodes].map(text)).filter((t): t is string => t !== null);
        const removed = records.flatMap((r) => [...r.removedNodes].map(text)).filter((t): t is string => t !== null);
        if (added.length || removed.length) w.__snackBatches.push({ added, removed });
      }).observe(region, { childList: true });
    });
    await share.waitFor({ state: "detached" });
    // The document read again with the new line (and version) before the next action.
    const recipients = k.getByRole("region", { name: "수신·참조·공람" });
    await recipients.getByText("최회계 (재무팀)", { exact: true }).waitFor();
    await k.locator(".gw-doc-head").getByText("부서 공개", { exact: true }).waitFor();
    await bar.getByRole("button", { name: "공개 범위 변경", exact: true }).click();
    const range = k.getByRole("dialog", { name: "공개 범위 변경" });
    await range.getByText("전체 공개", { exact: true }).click();
    await expect.poll(() => range.getByRole("radio", { name: /^전체 공개/ }).isChecked(), { timeout: 5000 }).toBe(true);
    await range.getByRole("button", { name: "변경", exact: true }).click();
    await k.getByText("공개 범위를 변경했습니다.", { exact: true }).waitFor();
    // The new success replaces the one shown: unless 공람을 추가했습니다. had already timed out on its own (a slow
    // machine), it left in the very change that brought the new one.
    expect(await k.locator(".snack").allTextContents()).toEqual(["공개 범위를 변경했습니다.×"]);
    const batches = await k.evaluate(() => (globalThis as unknown as { __snackBatches: { added: string[]; removed: string[] }[] }).__snackBatches);
    const arrival = batches.find((b) => b.added.includes("공개 범위를 변경했습니다.×"));
    const timedOut = batches.some((b) => b !== arrival && b.removed.includes("공람을 추가했습니다.×") && b.added.length === 0 && batches.indexOf(b) < batches.indexOf(arrival!));
    if (!timedOut) expect(arrival?.removed).toEqual(["공람을 추가했습니다.×"]);
    await k.locator(".gw-doc-head").getByText("전체 공개", { exact: true }).waitFor();
    expect((await s.read(receiveDoc, A.drafter)).openType).toBe("PUBLIC");
    const shared = (await s.read(receiveDoc, A.drafter)).lines.filter((x) => x.group === "SHARE");
    expect(shared.map((x) => [x.type, x.approver.userName])).toEqual([["SHARE", "최회계"]]);

    const opinions = k.getByRole("region", { name: /^의견/ });
    await opinions.getByLabel("의견 등록", { exact: true }).fill("수신 부서 확인 후 진행하겠습니다");
    await opinions.getByRole("button", { name: "의견 등록", exact: true }).click();
    const mine = opinions.locator(".ap-opinion", { hasText: "김기안" });
    await mine.getByText("수신 부서 확인 후 진행하겠습니다", { exact: true }).waitFor();
    await mine.getByRole("button", { name: "김기안의 의견 수정", exact: true }).click();
    const edit = mine.getByLabel("수정", { exact: true });
    await edit.fill("수신 부서 확인 후 다음 주에 진행하겠습니다");
    await mine.getByRole("button", { name: "저장", exact: true }).click();
    // React writes a controlled textarea's value into its text too (defaultValue), so the text is only the saved
    // opinion's once the edit box has closed (on the PUT's success).
    await edit.waitFor({ state: "detached" });
    await mine.getByText("수신 부서 확인 후 다음 주에 진행하겠습니다", { exact: true }).waitFor();
    expect((await s.api.ok<{ comment: string; mine: boolean }[]>(200, "GET", `opinion/list?docId=${receiveDoc}`, A.drafter))
      .filter((o) => o.mine).map((o) => o.comment)).toEqual(["수신 부서 확인 후 다음 주에 진행하겠습니다"]);
    await e.shot(k, "opinion-edited");
    await mine.getByRole("button", { name: "삭제", exact: true }).click();
    await k.getByRole("dialog").getByText("이 의견을 삭제할까요?").waitFor();
    await k.getByRole("dialog").getByRole("button", { name: "삭제", exact: true }).click();
    await expect.poll(() => mine.count(), { timeout: 8000 }).toBe(0);
    expect((await s.api.ok<{ mine: boolean }[]>(200, "GET", `opinion/list?docId=${receiveDoc}`, A.drafter)).filter((o) => o.mine)).toEqual([]);
    expect(await seriousViolations(k)).toEqual([]);
    await e.shot(k, "document-after");
    await kim.context.close();
  }, 180_000);
});
