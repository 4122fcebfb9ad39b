// A company's first week (issue 32), walked in one language (ko, en or id) across every module, a test per day,
// by the files week-one-ko/en/id.test.ts. A new company (sign-up through the API) with its administrator, a team
// lead (박준, the approver), a colleague (이소라) and a new employee (김민아):
//   Monday     the administrator switches the wiki and the messenger on in the admin console; 민아 signs in,
//              lands on her first screen and sets her name and language (ko → the walked one) in her profile.
//   Tuesday    소라's mail arrives and 민아 replies (소라 has it); she accepts 박준's meeting invitation in the
//              calendar; a card in her contacts.
//   Wednesday  she drafts a document and 박준 approves it in his browser; a day of leave applied for and
//              approved; a meeting room booked.
//   Thursday   박준's post mentions her and she replies in the board, mentioning him; a wiki page written; a file
//              uploaded to her drive and shared with 박준.
//   Friday     a to-do item; a flow task 박준 assigned to her, which she moves to done on the kanban; she makes a
//              channel in the messenger and writes in it. In the evening her home dashboard shows her mail, today's
//              meeting and the new post; the bell gathers the mention, the task, the approval (and the invitation
//              and the leave); the top bar's search finds "Orion" in a mail, a wiki page and a task.
// Data that is not the point of a step is made through the API; each module's main screen is visited in the
// browser, checked with axe (the serious and critical WCAG A/AA rules) and photographed. The guard fails a day
// on any console error, page error, failed request or answer >= 400 the journey did not declare (guard.allow).
// The UI's texts come from the locale files: `L("저장", {}, "account.json")` finds the Korean text's key (within
// that file) and answers the same key in the walked language.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { E2E } from "./browser.ts";
import { seriousViolations } from "./axe.ts";
import { signInDirect } from "./login-page.ts";
import { type Lang, strings } from "./walk-i18n.ts";
import { login, signupCompany } from "../../support/test-app.ts";
import { USER_PASSWORD } from "../../support/admin-api.ts";
import { build, file, folders } from "../../mail/reading/support.ts";
import { NOTIFICATION_TEXTS } from "../../../shared/notifications/texts.ts";

export type { Lang };

// ---------------------------------------------------------------------------------------------------------
// The UI's texts

const LOCALES = new URL("../../../web/src/locales/", import.meta.url).pathname;

/** Every string of a language's locale files as "relative/file.json#dotted.key" → text. */
function flatten(lng: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(`${LOCALES}${lng}/${dir}`).sort()) {
      const rel = dir ? `${dir}/${name}` : name;
      if (statSync(`${LOCALES}${lng}/${rel}`).isDirectory()) walk(rel);
      else if (name.endsWith(".json")) {
        const visit = (o: unknown, path: string[]) => {
          if (typeof o === "string") out.set(`${rel}#${path.join(".")}`, o);
          else if (o && typeof o === "object") {
            for (const [k, v] of Object.entries(o)) visit(v, [...path, k]);
          }
        };
        visit(JSON.parse(readFileSync(`${LOCALES}${lng}/${rel}`, "utf8")), []);
      }
    }
  };
  walk("");
  return out;
}

/**
 * A translator from the Korean UI text to `lng`'s: the keys under `scope` (a prefix of "path/file.json#key.path",
 * such as "board/" or "calendar.json#answer.") whose Korean text is `text`, read in `lng`, with {{vars}} filled
 * in; throws when they read differently there (the scope must then be narrower).
 */
export function translator(lng: Lang) {
  const ko = flatten("ko");
  const mine = lng === "ko" ? ko : flatten(lng);
  return (text: string, vars: Record<string, string | number> = {}, scope = ""): string => {
    const keys = [...ko.entries()].filter(([k, v]) => v === text && k.startsWith(scope)).map(([k]) => k);
    if (!keys.length) throw new Error(`no Korean text "${text}" under ${scope || "the locales"}`);
    const found = new Set(keys.map((k) => mine.get(k)));
    if (found.has(undefined)) throw new Error(`no ${lng} text for one of ${keys.join(", ")}`);
    if (found.size > 1) {
      throw new Error(
        `"${text}" under ${scope || "the locales"} reads differently in ${lng} (${
          keys.join(", ")
        }): narrow the scope`,
      );
    }
    return [...found][0]!.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? `{{${k}}}`));
  };
}

// ---------------------------------------------------------------------------------------------------------
// The guard

/** Console errors, page errors, failed requests and unexpected answers >= 400 of every page, and axe's findings. */
export function guard(e: E2E) {
  const problems: string[] = [];
  const allowed: { status: number; url: RegExp }[] = [];
  return {
    problems,
    /** An answer the journey provokes on purpose (a status and a part of its address). */
    allow(status: number, url: RegExp) {
      allowed.push({ status, url });
    },
    watch(page: Page, who: string) {
      page.setDefaultTimeout(20_000);
      page.on("console", (m) => {
        // The browser's own line for an answer >= 400 is judged by the response listener below.
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
          problems.push(`${who} console: ${m.text()}`);
        }
      });
      page.on("pageerror", (err) => problems.push(`${who} page error: ${err.message}`));
      page.on("requestfailed", (r) => {
        // A request the page itself dropped (a navigation, an aborted query) is not a failure of the server.
        if (r.failure()?.errorText !== "net::ERR_ABORTED") {
          problems.push(`${who} request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
        }
      });
      page.on("response", (r) => {
        if (r.status() >= 400 && !allowed.some((a) => a.status === r.status() && a.url.test(r.url()))) {
          problems.push(`${who} answer ${r.status()}: ${r.request().method()} ${r.url()}`);
        }
      });
    },
    /** axe on the page (its serious and critical violations go to the list), then a screenshot. */
    async look(page: Page, name: string) {
      // The screen's own readiness is waited for by the caller; its last requests get a moment (a screen with
      // a polling or streaming request never goes quiet, hence the bound).
      await page.waitForLoadState("networkidle", { timeout: 2000 }).catch(() => {});
      for (const v of await seriousViolations(page)) problems.push(`axe on ${name}: ${v}`);
      await e.shot(page, name);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The people and the API

interface Person {
  id: number;
  loginId: string;
  username: string;
  token: string;
  name: string;
}

const NAMES: Record<Lang, Record<"admin" | "lead" | "mate" | "newbie", string>> = {
  ko: { admin: "한관리", lead: "박준", mate: "이소라", newbie: "김민아" },
  en: { admin: "Alex Admin", lead: "Joon Park", mate: "Sora Lee", newbie: "Mina Kim" },
  id: { admin: "Adi Admin", lead: "Budi Santoso", mate: "Sari Dewi", newbie: "Mina Putri" },
};

/** The word the top-bar search looks for: in a mail's subject, a wiki page's title and a task's title. */
export const WORD = "Orion";

/** Texts the people write, per language. */
const WRITE: Record<Lang, Record<string, string>> = {
  ko: {
    team: "개발팀",
    mail: `${WORD} 킥오프 안내`,
    reply: "확인했습니다. 월요일에 뵙겠습니다.",
    meeting: "주간 팀 회의",
    card: "정",
    draft: "신규 입사자 교육 품의",
    leave: "가족 행사",
    room: "대회의실",
    booking: "온보딩 미팅",
    board: "팀 게시판",
    post: "신규 입사자 환영합니다",
    replyText: "감사합니다",
    wiki: `${WORD} 프로젝트 안내`,
    file: "입사 서류.txt",
    workspace: "온보딩",
    todoBoard: "첫 주 할 일",
    todoItem: "노트북 받기",
    project: "웹사이트 개편",
    task: `${WORD} 일정 정리`,
    channel: "개발팀 채널",
    message: "안녕하세요, 잘 부탁드립니다!",
  },
  en: {
    team: "Engineering",
    mail: `${WORD} kickoff`,
    reply: "Got it, see you on Monday.",
    meeting: "Weekly team meeting",
    card: "Jordan",
    draft: "Training plan for new hires",
    leave: "Family event",
    room: "Big meeting room",
    booking: "Onboarding meeting",
    board: "Team board",
    post: "Welcome to the team",
    replyText: "Thank you",
    wiki: `${WORD} project guide`,
    file: "onboarding.txt",
    workspace: "Onboarding",
    todoBoard: "First week",
    todoItem: "Pick up the laptop",
    project: "Website renewal",
    task: `${WORD} schedule`,
    channel: "engineering",
    message: "Hello everyone, glad to be here!",
  },
  id: {
    team: "Tim Teknik",
    mail: `Rapat awal ${WORD}`,
    reply: "Baik, sampai jumpa hari Senin.",
    meeting: "Rapat tim mingguan",
    card: "Joko",
    draft: "Rencana pelatihan karyawan baru",
    leave: "Acara keluarga",
    room: "Ruang rapat besar",
    booking: "Rapat orientasi",
    board: "Papan tim",
    post: "Selamat datang di tim",
    replyText: "Terima kasih",
    wiki: `Panduan proyek ${WORD}`,
    file: "berkas-orientasi.txt",
    workspace: "Orientasi",
    todoBoard: "Minggu pertama",
    todoItem: "Ambil laptop",
    project: "Pembaruan situs web",
    task: `Jadwal ${WORD}`,
    channel: "tim-teknik",
    message: "Halo semua, senang bergabung!",
  },
};

const LANGUAGE_NAMES: Record<Lang, RegExp> = { ko: /한국어/, en: /English/, id: /Indonesia/ };

/** A day's time limit: a day took 5-75 s here with the machine at load 15-20 on two cores. */
const DAY_TIMEOUT = 120_000;

/** How long a change may take to show (the server's answer, a realtime event) on a loaded machine. */
const POLL = { timeout: 15_000 };

/** A day `days` from today in Korean time (YYYY-MM-DD), moved forward off a weekend. */
function seoulDay(now: Date, days: number, weekday = false): string {
  let d = new Date(now.getTime() + 9 * 3600_000 + days * 86_400_000);
  while (weekday && (d.getUTCDay() === 0 || d.getUTCDay() === 6)) d = new Date(d.getTime() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * The week's tests (one per day) in `lng`, with the company made before them; call inside a describe. Each
 * test fails on the guard's findings of its day.
 */
export function weekOne(e: E2E, lng: Lang) {
  const L = translator(lng);
  const w = WRITE[lng];
  const names = NAMES[lng];
  const g = guard(e);
  const t = e.t;
  const base = e.base;
  const mailTr = strings(lng);
  const today = seoulDay(t.clock.now(), 0);

  /** An API call that must answer `status`; answers the body. */
  // deno-lint-ignore no-explicit-any -- a test reads any JSON body
  async function api<T = any>(
    who: { token: string },
    method: string,
    path: string,
    json?: unknown,
    status = method === "POST" ? 201 : 200,
  ): Promise<T> {
    const r = await t.call(method, path, { token: who.token, json });
    if (r.status !== status) {
      throw new Error(`${method} ${path}: ${r.status} (expected ${status}) ${JSON.stringify(r.body)}`);
    }
    return r.body as T;
  }
  async function upload<T>(
    who: { token: string },
    path: string,
    fields: Record<string, string>,
    part: string,
    name: string,
    text: string,
  ): Promise<T> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(part, new File([new TextEncoder().encode(text)], name, { type: "text/plain" }));
    const res = await t.app.request(path, {
      method: "POST",
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`upload ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body as T;
  }

  // ------------------------------------------------------------------------------------------------------
  // The company: signed up with the wiki and the messenger left off; a team with its lead and two members.
  const domain = `week-one-${lng}.test`;
  let co: Awaited<ReturnType<typeof signupCompany>>;
  let admin: Person, lead: Person, mate: Person, newbie: Person;
  let team: number;
  async function person(
    loginId: string,
    name: string,
    isLead: boolean,
    languageType: string,
  ): Promise<Person> {
    const created = await api(admin, "POST", "/api/admin/users", {
      loginId,
      accountName: name,
      password: USER_PASSWORD,
      requestPasswordChange: false,
      organIds: [team],
      managerOrganIds: isLead ? [team] : [],
      languageType,
    });
    const username = `${loginId}@${domain}`;
    return {
      id: created.id,
      loginId,
      username,
      token: (await login(t, username, USER_PASSWORD)).access_token,
      name,
    };
  }
  beforeAll(async () => {
    co = await signupCompany(t, { domain, name: names.admin });
    admin = { id: 0, loginId: "admin", username: co.username, token: co.token, name: names.admin };
    admin.id = (await api(admin, "GET", "/api/users/detail")).id;
    await api(admin, "PUT", "/api/users/general", {
      accountName: names.admin,
      personalEmail: "",
      languageType: lng.toUpperCase(),
    });
    await api(admin, "PUT", "/api/admin/company", {
      useWiki: false,
      useMessenger: false,
      useTeamChat: false,
    });
    team = (await api(admin, "POST", "/api/admin/organizations", { name: w.team })).id as number;
    lead = await person("joon", names.lead, true, lng);
    mate = await person("sora", names.mate, false, lng);
    // The new employee starts with the company's default language and her login id as her name.
    newbie = await person("mina", "mina", false, "ko");
  });

  const pages: Page[] = [];
  async function open(who: Person, to: string): Promise<Page> {
    const { page } = await e.newPage();
    g.watch(page, who.loginId);
    pages.push(page);
    await signInDirect(page, base, {
      loginId: who.loginId,
      domain,
      password: who === admin ? co.password : USER_PASSWORD,
    }, to);
    return page;
  }
  // Each step's time since the start, printed when the journey fails (the slow steps of a slow run).
  const started = Date.now();
  const steps: string[] = [];
  const mark = (step: string) => steps.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${step}`);
  async function look(p: Page, name: string) {
    mark(name);
    await g.look(p, `${lng}-${name}`);
  }
  async function visit(p: Page, path: string, name: string, ready: () => Promise<unknown>) {
    await p.goto(`${base}/#${path}`);
    await ready();
    await look(p, name);
  }

  /** A day of the week: on failure its steps so far are printed and every open page photographed. */
  let broken = false;
  function day(title: string, fn: () => Promise<void>) {
    test(title, async (ctx) => {
      // A day stands on the days before it: after a failed day the rest of the week is skipped.
      if (broken) ctx.skip();
      try {
        await fn();
      } catch (err) {
        broken = true;
        console.error(`week one in ${lng} failed; its steps:\n${steps.join("\n")}`);
        for (const [i, p] of pages.entries()) {
          if (!p.isClosed()) await e.shot(p, `${lng}-failed-${i}`).catch(() => {});
        }
        throw err;
      }
      expect(g.problems.splice(0), "console errors, failed requests, unexpected answers and axe violations")
        .toEqual([]);
    }, DAY_TIMEOUT);
  }
  let m: Page;

  day(
    "Monday: the admin switches modules on; the new employee's first sign-in, profile and language",
    async () => {
      const a = await open(admin, "/admin/company");
      await a.getByRole("tab", { name: L("모듈", {}, "admin.json"), exact: true }).click();
      for (const module of ["위키", "메신저"]) {
        const sw = a.getByRole("switch", { name: new RegExp(`^${L(module, {}, "common.json")}`) });
        await sw.focus();
        await a.keyboard.press("Space");
        await expect.poll(() => sw.isChecked(), POLL).toBe(true);
      }
      await look(a, "mon-admin-modules");
      await a.getByRole("button", { name: L("저장", {}, "admin.json"), exact: true }).last().click();
      await expect.poll(async () => {
        const c = await api(admin, "GET", "/api/company");
        return [c.useWiki, c.useMessenger];
      }, POLL).toEqual([true, true]);
      await a.context().close();

      m = await open(newbie, "/");
      // Her first screen (the company's default): the inbox, or the home dashboard where the account has one.
      await m.waitForURL(/#\/(mail|home)/);
      await m.getByRole("heading", { name: strings("ko")("mail:folders.type.INBOX") })
        .or(m.getByRole("region", { name: translator("ko")("위젯", {}, "home.json"), exact: true })).first()
        .waitFor();
      await look(m, "mon-first-screen");
      await m.goto(`${base}/#/account/info`);
      const name = m.getByRole("textbox", { name: "이름", exact: true });
      await name.fill(names.newbie);
      if (lng !== "ko") {
        await m.getByRole("button", { name: /언어/ }).click();
        await m.getByRole("option", { name: LANGUAGE_NAMES[lng] }).click();
      }
      await look(m, "mon-profile");
      // A new language reloads the page in it (0.1 s after the language is switched in place): the next step's
      // navigation must not meet that reload (a CI run's goto was "interrupted by another navigation").
      const reloaded = lng !== "ko" ? m.waitForEvent("load") : undefined;
      await m.getByRole("button", { name: "저장", exact: true }).click();
      await reloaded;
      await m.getByRole("textbox", { name: L("이름", {}, "account.json"), exact: true }).waitFor();
      await expect.poll(async () => (await api(newbie, "GET", "/api/users/detail")).languageType, POLL).toBe(
        lng,
      );
      await expect.poll(() => m.evaluate(() => document.documentElement.lang), POLL).toBe(lng);
      newbie.name = names.newbie;
      await look(m, "mon-profile-saved");
    },
  );

  day("Tuesday: a colleague's mail answered, a meeting accepted, a contact", async () => {
    // Tuesday: mail, calendar, contacts. 소라's mail arrives in the open inbox (filed as inbound SMTP files it,
    // with the NEW_MAIL event to its owner).
    await m.goto(`${base}/#/mail`);
    await m.getByRole("heading", { name: mailTr("mail:folders.type.INBOX") }).waitFor();
    await m.getByText(mailTr("mail:list.empty.inbox")).waitFor();
    await file(
      t,
      { companyId: co.companyId, userId: newbie.id, username: newbie.username, token: newbie.token },
      build({
        from: `${names.mate} <${mate.username}>`,
        to: newbie.username,
        subject: w.mail,
        text: `${w.mail}\n\n${names.mate}`,
      }),
      { notify: { username: newbie.username } },
    );
    await m.locator(".mail-row", { hasText: w.mail }).waitFor();
    await look(m, "tue-mail-inbox");
    await m.locator(".mail-row", { hasText: w.mail }).locator(".mail-subject").click();
    await m.getByRole("heading", { name: w.mail }).waitFor();
    await look(m, "tue-mail-read");
    await m.getByRole("button", { name: mailTr("mail:view.reply"), exact: true }).click();
    await m.waitForURL(/#\/mail\/write\//);
    const form = m.locator("form.cmp");
    await form.getByRole("textbox", { name: mailTr("mail:compose.body") }).click();
    await m.keyboard.type(w.reply);
    await look(m, "tue-mail-reply");
    await form.getByRole("button", { name: mailTr("mail:compose.send"), exact: true }).click();
    await m.getByRole("heading", { name: mailTr("mail:compose.result.sent") }).waitFor();
    const mateInbox = (await folders(t, { ...mate, companyId: co.companyId, userId: mate.id })).INBOX;
    await expect.poll(
      async () =>
        (await api(mate, "GET", `/api/mails?folderId=${mateInbox}&page=0`)).mails.map((
          x: { subject: string },
        ) => x.subject),
      POLL,
    )
      .toContain(`RE: ${w.mail}`);

    const calendarId = (await api(lead, "GET", "/api/calendar/find"))[0].id;
    await api(lead, "POST", "/api/calendar/event", {
      calendarId,
      summary: w.meeting,
      dtStart: `${today}T16:00`,
      dtEnd: `${today}T17:00`,
      timezone: "Asia/Seoul",
      attendees: [{ email: newbie.username }],
    });
    const item = m.locator(".cal-month .cal-item", { hasText: w.meeting });
    await visit(m, `/cal/month/${today}`, "tue-calendar", () => item.waitFor());
    await item.click();
    const popup = m.getByRole("dialog", { name: w.meeting });
    await popup.getByText(L("회원님의 응답을 기다리는 일정입니다.", {}, "calendar")).waitFor();
    await look(m, "tue-calendar-invitation");
    await popup.getByRole("button", { name: L("수락", {}, "calendar.json#answer.") }).click();
    await m.getByText(L("일정을 수락했습니다.", {}, "calendar")).waitFor();
    await expect.poll(async () => (await item.getAttribute("data-awaits")) ?? "none", POLL).toBe("none");

    await api(newbie, "POST", "/api/contact/card", {
      cardData: {
        firstName: w.card,
        lastName: "Kim",
        emailList: [`${w.card.toLowerCase()}@partner.example`],
      },
    });
    await visit(m, "/contact/list/all/1", "tue-contacts", () => m.getByText(w.card).first().waitFor());
  });

  day("Wednesday: a document approved by the manager, a day of leave, a meeting room", async () => {
    // Wednesday: approval, leave, a meeting room.
    const forms = await api<{ id: number; version: number; starterKey: string | null }[]>(
      newbie,
      "GET",
      "/api/approval/form/list/all",
    );
    const proposal = forms.find((f) => f.starterKey === "proposal")!;
    const draft = await api(newbie, "POST", "/api/approval/document/draft", {
      draftType: "DRAFT",
      formId: proposal.id,
      formVersion: proposal.version,
      title: w.draft,
      draftOrganId: team,
      content: { content: w.draft, effect: w.draft, amount: 500000 },
      lines: [{ type: "APPROVAL", sortOrder: 1, userId: lead.id, organId: null }],
    });
    await visit(m, "/approval", "wed-approval", () => m.getByText(w.draft).first().waitFor());
    const j = await open(lead, `/approval/doc/list/ap/${draft.id}`);
    await j.getByRole("heading", { level: 1, name: w.draft }).waitFor();
    await look(j, "wed-approval-lead");
    await j.getByRole("toolbar", { name: L("문서 작업", {}, "approval") }).getByRole("button", {
      name: L("결재", {}, "approval.json#act.approve."),
      exact: true,
    }).click();
    const approve = j.getByRole("dialog", { name: L("결재", {}, "approval.json#act.approve.") });
    await approve.getByRole("button", { name: L("결재", {}, "approval.json#act.approve."), exact: true })
      .click();
    await approve.waitFor({ state: "detached" });
    await j.context().close();
    await expect.poll(
      async () => (await api(newbie, "GET", `/api/approval/document/${draft.id}`)).status,
      POLL,
    )
      .toBe("COMPLETED");

    const annual = (await api<{ id: number; type: string }[]>(newbie, "GET", "/api/leaves/templates")).find((
      x,
    ) => x.type === "ANNUAL")!;
    const year = today.slice(0, 4);
    await api(admin, "POST", "/api/hr/leaves/allocations", {
      userId: newbie.id,
      templateId: annual.id,
      granted: 3,
      validFrom: `${year}-01-01`,
      validTo: `${Number(year) + 1}-12-31`,
      reason: "week one",
    });
    const leaveDay = seoulDay(t.clock.now(), 10, true);
    const usage = await api(newbie, "POST", "/api/leaves/usages", {
      templateId: annual.id,
      startDate: leaveDay,
      endDate: leaveDay,
      unit: "FULL_DAY",
      reason: w.leave,
    });
    await api(lead, "PATCH", `/api/leaves/usages/${usage.id}/decision`, { status: "APPROVED" });
    await visit(
      m,
      "/leave",
      "wed-leave",
      () => m.getByRole("heading", { level: 1, name: L("내 휴가", {}, "leave.json") }).waitFor(),
    );

    const room = await api(admin, "POST", "/api/resource/admin/resources", {
      type: "MEETING_ROOM",
      name: w.room,
      location: "3F",
    });
    const bookDay = seoulDay(t.clock.now(), 1, true);
    await api(newbie, "POST", "/api/resource/book", {
      resourceId: room.id,
      startDate: bookDay,
      startTime: "10:00",
      endDate: bookDay,
      endTime: "11:00",
      title: w.booking,
    });
    await visit(m, `/resource/${bookDay}/ALL`, "wed-booking", () => m.getByText(w.booking).first().waitFor());
  });

  day("Thursday: a post mentioning her answered, a wiki page, a file shared", async () => {
    // Thursday: boards, the wiki, the drive.
    const board = await api(lead, "POST", "/api/board", { name: w.board, description: w.board });
    const post = await api(lead, "POST", "/api/board/post", {
      boardId: board.id,
      title: w.post,
      content:
        `<p><span data-type="mention" data-id="${newbie.id}" data-label="${newbie.name}">@${newbie.name}</span> ${w.post}</p>`,
    });
    await visit(
      m,
      `/board/view/${post.id}/${encodeURIComponent(JSON.stringify({ boardId: board.id }))}`,
      "thu-board-post",
      () => m.getByRole("heading", { level: 1, name: w.post }).waitFor(),
    );
    const box = m.getByRole("combobox", { name: L("댓글 쓰기", {}, "board/") });
    await box.click();
    await box.pressSequentially(`${w.replyText} @${names.lead.slice(0, 2)}`);
    await m.getByRole("listbox", { name: L("언급할 동료", {}, "board/") }).getByRole("option", {
      name: new RegExp(`^${names.lead}`),
    }).waitFor();
    await box.press("Enter");
    await box.press("Control+Enter");
    await m.getByRole("group", { name: L("{{name}}님의 댓글", { name: names.newbie }, "board/") }).waitFor();
    await look(m, "thu-board-reply");
    await expect.poll(
      async () =>
        (await api(lead, "GET", "/api/board/post/list?id=-3")).content.map((s: { id: number }) => s.id),
      POLL,
    ).toContain(post.id);
    await visit(m, "/board/all", "thu-board-all", () => m.getByText(w.post).first().waitFor());

    const doc = await api(newbie, "POST", "/api/wiki/docs", {
      title: w.wiki,
      text: `<p>${w.wiki}: ${w.meeting}</p>`,
    });
    await visit(
      m,
      `/wiki/docs/${doc.id}`,
      "thu-wiki",
      () => m.getByRole("heading", { name: w.wiki }).first().waitFor(),
    );

    const home = await api(newbie, "GET", "/api/drive/default");
    const uploaded = await upload<{ id: number }>(
      newbie,
      "/api/drive/file/upload",
      { folderId: String(home.id) },
      "part",
      w.file,
      `${w.file}\n`,
    );
    await api(newbie, "POST", `/api/share/drive/${uploaded.id}`, {
      members: [{ memberType: "USER", memberId: lead.id, permission: 2 }],
    });
    await visit(m, "/drive", "thu-drive", () => m.getByText(w.file).first().waitFor());
  });

  day("Friday: a to-do item, a task moved to done, a message in a channel", async () => {
    // Friday: to-do, flow, the messenger.
    const ws = await api(newbie, "POST", "/api/todo/workspace", {
      title: w.workspace,
      emoji: "🚀",
      color: "#579bfc",
    });
    const todoBoard = await api(newbie, "POST", `/api/todo/board/${ws.id}`, {
      title: w.todoBoard,
      boardType: "BOARD",
    });
    const entry = await api(newbie, "GET", `/api/todo/board/${todoBoard.id}`);
    await api(newbie, "POST", "/api/todo/item", {
      boardId: todoBoard.id,
      groupId: entry.groups[0].id,
      title: w.todoItem,
    });
    await visit(
      m,
      `/todo/${ws.id}/${todoBoard.id}`,
      "fri-todo",
      () => m.getByText(w.todoItem).first().waitFor(),
    );

    const project = await api(lead, "POST", "/api/flow/projects", { title: w.project, privateStatus: 0 });
    await api(newbie, "POST", `/api/flow/projects/${project.id}/members/apply`, undefined, 200);
    const task = await api(lead, "POST", `/api/flow/projects/${project.id}/tasks`, {
      title: w.task,
      assignees: [newbie.id],
    });
    await visit(
      m,
      `/flow/${project.id}/tasks`,
      "fri-flow",
      () => m.getByRole("heading", { name: w.project, level: 1 }).waitFor(),
    );
    await m.getByRole("link", { name: L("칸반", {}, "flow.json") }).click();
    await m.getByRole("button", { name: L("{{title}} 옮기기", { title: w.task }, "common.json") }).click();
    await m.getByRole("menuitem", { name: L("완료", {}, "flow.json") }).click();
    await expect.poll(
      async () => (await api(lead, "GET", `/api/flow/projects/${project.id}/tasks/${task.id}`)).status,
      POLL,
    ).toBe("COMPLETED");
    await look(m, "fri-flow-done");
    mark("messenger");

    const win = m.locator("#messenger-window");
    await m.getByRole("button", { name: L("메신저", {}, "messenger.json"), exact: true }).click();
    await win.getByRole("listbox", { name: L("대화 목록", {}, "messenger.json") }).waitFor();
    await win.getByRole("button", { name: L("새 대화", {}, "messenger.json") }).click();
    await m.getByRole("menuitem", { name: L("새 채널 만들기", {}, "messenger.json") }).click();
    const dialog = m.getByRole("dialog", { name: L("새 채널", {}, "messenger.json") });
    await dialog.getByRole("textbox", { name: L("이름", {}, "messenger.json") }).fill(w.channel);
    await dialog.getByRole("button", { name: L("채널 만들기", {}, "messenger.json") }).click();
    await win.getByRole("heading", { name: `# ${w.channel}` }).waitFor();
    const say = win.getByRole("textbox", {
      name: new RegExp(L("{{name}}에 메시지 보내기", { name: w.channel }, "messenger.json")),
    });
    await say.click();
    await say.pressSequentially(w.message);
    await m.keyboard.press("Enter");
    await win.locator("li[data-message-id]", { hasText: w.message }).waitFor();
    await look(m, "fri-messenger");
    await win.getByRole("button", { name: L("메신저 닫기", {}, "messenger.json"), exact: true }).click();
  });

  day("Friday evening: the home dashboard, the bell and one search across modules", async () => {
    // Friday evening: the home dashboard shows her week; the bell gathers what concerned her; one search
    // finds the project's word in a mail, a wiki page and a task.
    const grid = m.getByRole("region", { name: L("위젯", {}, "home.json"), exact: true });
    await visit(m, "/home", "fri-home", async () => {
      for (const text of [w.mail, w.meeting, w.post]) await grid.getByText(text).first().waitFor();
    });

    const kinds = NOTIFICATION_TEXTS[lng];
    const line = (kind: keyof typeof kinds, title: string) =>
      kinds[kind].replace("{{actor}}", names.lead).replace("{{title}}", title);
    const bellLabel = L("알림", {}, "notifications.json");
    await m.getByRole("banner").getByRole("button", { name: new RegExp(`^${bellLabel}`) }).click();
    const bell = m.getByRole("dialog", { name: bellLabel });
    for (
      const text of [
        line("board.mention", w.post),
        line("flow.assigned", w.task),
        line("approval.completed", w.draft),
      ]
    ) {
      await bell.getByText(text).first().waitFor();
    }
    await look(m, "fri-bell");
    await m.keyboard.press("Escape");
    await bell.waitFor({ state: "detached" });

    const field = m.getByRole("search", { name: L("전체 검색", {}, "search.json") }).getByRole("searchbox");
    await field.fill(WORD);
    await field.press("Enter");
    await m.waitForURL(/#\/search/);
    for (const [module, text] of [["mail", w.mail], ["wiki", w.wiki], ["flow", w.task]]) {
      await m.locator(`section[data-module="${module}"]`).getByText(text).first().waitFor();
    }
    await look(m, "fri-search");
  });
}
