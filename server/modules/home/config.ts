// The user's dashboard config (shared/home/api.ts): the layout (their own, else the company's default, else
// DEFAULT_WIDGETS), bookmarks and the notepad; and the company's default layout an admin sets.
import { type DashboardConfig, type DefaultLayout, HOME_CHANGED, homeTopic, type Notepad } from "../../../shared/home/api.ts";
import { DEFAULT_WIDGETS, type Widget } from "../../../shared/home/widgets.ts";
import type { Caller } from "../../lib/context.ts";
import { usedModules } from "../company/service.ts";
import { announce } from "./access.ts";
import { bookmarkOf } from "./bookmarks.ts";
import { checkLayout, mergeHidden, shows } from "./layout.ts";
import * as repo from "./repo.ts";

async function companyLayout(caller: Caller): Promise<Widget[]> {
  return (await repo.companyDefault(caller.deps.db, caller.auth.companyId)) ?? DEFAULT_WIDGETS;
}

const notepadOf = (row: repo.ConfigRow | undefined): Notepad => ({
  content: row?.notepad ?? "",
  updatedAt: row?.notepadUpdatedAt?.toISOString() ?? null,
});

/** GET config: widgets of modules the account does not use are left out (and stay stored). */
export async function dashboardConfig(caller: Caller): Promise<DashboardConfig> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const [row, bookmarks, used] = await Promise.all([
    repo.findConfig(db, companyId, userId),
    repo.bookmarksOf(db, companyId, userId),
    usedModules(caller),
  ]);
  const own = row?.widgets ?? null;
  const widgets = own ?? await companyLayout(caller);
  return {
    bookmarks: bookmarks.map(bookmarkOf),
    widgets: widgets.filter((w) => shows(w, used)),
    notepad: notepadOf(row),
    defaultLayout: own === null,
  };
}

/** PUT config/widgets: the caller's layout; the stored widgets of unused modules are kept. */
export async function saveWidgets(caller: Caller, widgets: Widget[]): Promise<{ widgets: Widget[] }> {
  checkLayout(widgets);
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const [row, used] = await Promise.all([repo.findConfig(db, companyId, userId), usedModules(caller)]);
  const stored = row?.widgets ?? await companyLayout(caller);
  await repo.setWidgets(db, companyId, userId, mergeHidden(widgets, stored, used), clock.now());
  await announce(caller, "widgets");
  return { widgets: widgets.filter((w) => shows(w, used)) };
}

/** DELETE config/widgets: back to the company's default layout (what the answer shows of it). */
export async function resetWidgets(caller: Caller): Promise<{ widgets: Widget[] }> {
  const { db, clock } = caller.deps;
  await repo.setWidgets(db, caller.auth.companyId, caller.auth.userId, null, clock.now());
  await announce(caller, "widgets");
  const used = await usedModules(caller);
  return { widgets: (await companyLayout(caller)).filter((w) => shows(w, used)) };
}

export async function notepad(caller: Caller): Promise<Notepad> {
  return notepadOf(await repo.findConfig(caller.deps.db, caller.auth.companyId, caller.auth.userId));
}

export async function saveNotepad(caller: Caller, content: string): Promise<Notepad> {
  const now = caller.deps.clock.now();
  await repo.setNotepad(caller.deps.db, caller.auth.companyId, caller.auth.userId, content, now);
  await announce(caller, "notepad");
  return { content, updatedAt: now.toISOString() };
}

// ---- The company's default layout (admins; the routes check the role).

export async function companyDefault(caller: Caller): Promise<DefaultLayout> {
  const own = await repo.companyDefault(caller.deps.db, caller.auth.companyId);
  return { widgets: own ?? DEFAULT_WIDGETS, custom: own !== null };
}

/** HOME_CHANGED { part: "widgets" } to everyone whose home shows the company's default layout. */
async function announceDefault(caller: Caller): Promise<void> {
  const usernames = await repo.usersOnDefault(caller.deps.db, caller.auth.companyId);
  await Promise.all(usernames.map((u) => caller.deps.realtime.publish(homeTopic(u), HOME_CHANGED, { part: "widgets" })));
}

export async function setCompanyDefault(caller: Caller, widgets: Widget[]): Promise<DefaultLayout> {
  checkLayout(widgets);
  await repo.setCompanyDefault(caller.deps.db, caller.auth.companyId, widgets, caller.deps.clock.now());
  await announceDefault(caller);
  return { widgets, custom: true };
}

export async function resetCompanyDefault(caller: Caller): Promise<DefaultLayout> {
  await repo.setCompanyDefault(caller.deps.db, caller.auth.companyId, null, caller.deps.clock.now());
  await announceDefault(caller);
  return { widgets: DEFAULT_WIDGETS, custom: false };
}
