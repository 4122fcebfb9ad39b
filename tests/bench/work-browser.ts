// A to-do board and a flow project opened in the browser (issue 30: "the board or task list is interactive in the
// browser within 300 ms of opening it"; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/work-browser.ts [opens=20] [reloads=10]   (BENCH_ONLY=todo or flow)
// The board of todo-seed.ts (5,000 items and 500 sub-items in 20 groups) and the projects of flow-seed.ts (10,000
// tasks in 10 groups, 3 of 300), in one bench database (BENCH_DIR keeps it). The suite's server (this process, the
// built UI) and Debian's chromium on loopback, 1440x900; each company's viewer (boss@, the workspace's owner, the
// projects' master) signs in through the login page in a browser context of its own.
// What is timed, inside the page with performance.now(): from `location.hash = <the screen>` (what a click on the
// board or project in the side pane does: a navigation inside the loaded app) until the screen is shown and can
// take input, then a frame is drawn and a task after it runs (the main thread is free):
//   to-do board (/#/todo/{ws}/{board}): the table's row of the first group's first item with its title button,
//     and no view loading (.td-view aria-busy, the page's role=status);
//   flow LIST (/#/flow/{p}/tasks): the first lane's first task's title button (#fl-task-{id}), no screen loading
//     text (p[role=status], shown while the tasks are on their way; the bar TasksScreen shows PROJECT_LOADING_MS =
//     350 ms after a project is chosen, 002 §9, lies over a board that takes input and is not waited for);
//   flow KANBAN (/#/flow/{p}/tasks/{"viewType":"KANBAN"}): the first status lane's first card.
// Every open comes from the screen the viewer landed on after signing in (mail), left 0.5 s to settle, so each is
// a real mount of the screen. Three states of react-query's cache (the QueryClient is reached through React's
// fiber tree from #root, the provider's `client` prop; the app exposes it nowhere):
//   warm: nothing dropped (the screen was open a moment before: cached data is drawn at once, refetched behind);
//   cold: this board's or project's queries dropped (its first open in the session, the module's lists cached);
//   module cold: every query of the module dropped (the first visit of to-do or flow since the page loaded).
// The app's JavaScript chunks are loaded by the 3 warm-up rounds, so "cold" is cold data, not cold code.
// Then a switch LIST ⇄ KANBAN by the view links of an open project (same route, no remount), and a full page
// load: page.reload() on each screen, timed from the navigation's start (performance.now() of the new document)
// to the same condition, with the browser's HTTP cache as a returning visitor has it (assets are immutable).
// Beside each time: the API answers that came before it (count, the last one's end) and the rows drawn.
// Writes /tmp/bench-running (this process's pid) while it runs, so other work waits.
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { buildApp } from "../../server/app.ts";
import { TASK_LIST_PAGE_SIZE, TASK_PAGE_SIZE } from "../../shared/flow/constants.ts";
import type { TaskBoard } from "../../shared/flow/tasks.ts";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../support/browser-server.ts";
import { call } from "./calendar-seed.ts";
import * as flowSeed from "./flow-seed.ts";
import { type BenchEnv, runBench, stats } from "./support.ts";
import { signInOnLoginPage } from "../e2e/support/login-page.ts";
import * as todoSeed from "./todo-seed.ts";

const [OPENS = 20, RELOADS = 10] = Deno.args.map(Number);
const WARMUP = 3;
const SETTLE_MS = 500;
const WEB_DIR = "/tmp/gw-bench-web";
/** BENCH_TIMELINE=1 prints the requests of each screen's last reload (measureReloads). BENCH_PROFILE=<folder>: a CPU profile of the page's main thread (Chrome's .cpuprofile, 100 µs samples) for each
 *  measured open, under <folder>/<screen>-<state>-<n>.cpuprofile; the profiler slows the page, so its times are
 *  not figures for RESULTS.md. */
const PROFILE_DIR = Deno.env.get("BENCH_PROFILE");
/** BENCH_TRACE=<folder>: a Chrome trace (devtools.timeline: style, layout, paint, scripts) of each state's first measured open. */
const TRACE_DIR = Deno.env.get("BENCH_TRACE");
/** BENCH_ONLY=todo or flow: only that module's screens. */
const ONLY = Deno.env.get("BENCH_ONLY");

/** A screen: where it is, what must be there and not there when it is shown, what counts as a row. */
interface Screen {
  name: string;
  hash: string;
  present: string[];
  absent: string[];
  rows: string;
  /** Query keys of the screen's own data (cold) and of its module (module cold). */
  own: unknown[][];
  module: unknown[][];
}

/** One open as the page saw it. */
interface Open {
  ms: number;
  /** When the condition first held (before the frame and the task). */
  shown: number;
  api: number;
  /** The end of the last API answer that came before the screen was shown (from the open). */
  apiEnd: number;
  /** Long tasks' time on the main thread within the open. */
  busy: number;
  rows: number;
}

const build = await new Deno.Command(Deno.execPath(), { args: ["task", "web:build", "--if-changed", "--out", WEB_DIR] }).output();
if (!build.success) throw new Error(`web build failed:\n${new TextDecoder().decode(build.stderr)}`);


async function run(bench: BenchEnv) {
  const { deps } = bench;
  const app = buildApp({ ...deps, webDir: WEB_DIR });
  const t0 = performance.now();
  const todo = await todoSeed.seedTodoBoard(deps, app);
  const flow = await flowSeed.seedFlowProjects(deps, app);
  await deps.sql`analyze`;
  console.log(`seeded (or found) the to-do board and the flow projects in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // The first rows as the server orders them.
  const entry = await call<BoardEntry>(app, todo.token, "GET", `/api/todo/board/${todo.boardId}?filterId=0`);
  const firstItem = entry.items.find((i) => i.groupId === todo.groupIds[0] && !i.parentId)!;
  const P = `/api/flow/projects/${flow.p.id}/tasks/initial`;
  const list = await call<TaskBoard>(app, flow.token, "GET", `${P}?viewType=LIST&pageSize=${TASK_LIST_PAGE_SIZE}`);
  const kanban = await call<TaskBoard>(app, flow.token, "GET", `${P}?viewType=KANBAN&pageSize=${TASK_PAGE_SIZE}`);
  const firstTask = list.lanes[0].tasks[0];
  const firstCard = kanban.lanes[0].tasks[0];

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  const base = `http://127.0.0.1:${server.addr.port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  const board: Screen = {
    name: "to-do board (5,000 items, 20 groups)",
    hash: `#/todo/${todo.workspaceId}/${todo.boardId}`,
    present: [`.tt-item-row[data-item="${firstItem.id}"] .tt-title-text`],
    absent: ['.td-view[aria-busy="true"]', '.td-screen[role="status"]', '.td-view [role="status"]'],
    rows: ".tt-item-row",
    own: [["todo", "board", todo.boardId], ["todo", "groupItems", todo.boardId], ["todo", "sub"], ["todo", "kanban", todo.boardId]],
    module: [["todo"]],
  };
  const flowOwn = [["flow", "project", flow.p.id], ["flow", "groups", flow.p.id], ["flow", "board", flow.p.id], ["flow", "lane", flow.p.id]];
  const busy = ['.fl-tasks-screen p[role="status"]'];
  const listScreen: Screen = {
    name: "flow LIST (10,000 tasks, 10 groups)",
    hash: `#/flow/${flow.p.id}/tasks`,
    present: [`.fl-list #fl-task-${firstTask.id}`],
    absent: [...busy, '.fl-list .fl-lane:first-child[aria-busy="true"]'],
    rows: ".fl-list li.fl-task",
    own: flowOwn,
    module: [["flow"]],
  };
  const kanbanScreen: Screen = {
    name: "flow KANBAN",
    hash: `#/flow/${flow.p.id}/tasks/${encodeURIComponent(JSON.stringify({ viewType: "KANBAN" }))}`,
    present: [`.fl-kanban .wk-card[data-card-id="${firstCard.id}"] .wk-card-title`],
    absent: busy,
    rows: ".fl-kanban .wk-card",
    own: flowOwn,
    module: [["flow"]],
  };

  try {
    if (ONLY !== "flow") {
      const t = await signIn(browser, base, todoSeed.DOMAIN, todoSeed.PASSWORD);
      await measureOpens(t.page, t.home, board);
      await measureReloads(t.page, board);
      await t.context.close();
    }
    if (ONLY === "todo") return;
    const f = await signIn(browser, base, flowSeed.DOMAIN, flowSeed.PASSWORD);
    await measureOpens(f.page, f.home, listScreen);
    await measureOpens(f.page, f.home, kanbanScreen);
    await measureSwitch(f.page, listScreen, kanbanScreen);
    await measureReloads(f.page, listScreen);
    await measureReloads(f.page, kanbanScreen);
    await f.context.close();
  } finally {
    await browser.close();
    await server.shutdown();
  }
}

async function signIn(browser: Awaited<ReturnType<typeof chromium.launch>>, base: string, domain: string, password: string) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ko-KR" });
  await context.addInitScript(pageHelpers);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signInOnLoginPage(page, base, { loginId: "boss", domain, password });
  await page.waitForURL((u) => !u.hash.startsWith("#/login"));
  await page.waitForTimeout(1000);
  return { context, page, home: new URL(page.url()).hash };
}

interface Helpers {
  /** Runs `start` (a navigation) at t0 and waits for the screen; the Open with times from t0. */
  timed(spec: { present: string[]; absent: string[]; rows: string }, start: () => void, t0?: number): Promise<Open>;
  /** Drops the queries under each key from react-query's cache. */
  drop(keys: unknown[][]): void;
  /** A reloaded page's own wait (sessionStorage bench-ready names the screen), from the navigation's start. */
  ready?: Promise<Open>;
}

/** Installed in every document before its scripts (context.addInitScript): globalThis.__bench. */
function pageHelpers() {
  // Long tasks (over 50 ms on the main thread) from the document's start: how much of an open is JavaScript work.
  const longTasks: PerformanceEntry[] = [];
  try {
    new PerformanceObserver((l) => longTasks.push(...l.getEntries())).observe({ type: "longtask", buffered: true });
  } catch { /* not supported: 0 */ }
  type Client = { removeQueries(f: { queryKey: unknown[] }): void };
  let client: Client | undefined;
  const helpers: Helpers = {
    async timed({ present, absent, rows }, start, t0 = performance.now()) {
      const ok = () => present.every((s) => document.querySelector(s)) && absent.every((s) => !document.querySelector(s));
      start();
      const shown = await new Promise<number>((done, fail) => {
        const check = () => {
          if (ok()) return done(performance.now());
          if (performance.now() - t0 > 20_000) {
            const seen = [...present, ...absent].map((s) => `${s}: ${!!document.querySelector(s)}`).join(", ");
            return fail(new Error(`not shown after 20 s at ${location.hash}; ${seen}`));
          }
          requestAnimationFrame(check);
        };
        check();
      });
      await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      const end = performance.now();
      const api = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => e.name.includes("/api/") && e.startTime >= t0 && e.responseEnd <= shown);
      const busy = longTasks.filter((e) => e.startTime + e.duration > t0 && e.startTime < end)
        .reduce((n, e) => n + Math.min(end, e.startTime + e.duration) - Math.max(t0, e.startTime), 0);
      return {
        ms: end - t0, shown: shown - t0, api: api.length, apiEnd: api.length ? Math.max(...api.map((e) => e.responseEnd)) - t0 : 0,
        busy, rows: document.querySelectorAll(rows).length,
      };
    },
    drop(keys) {
      if (keys.length && !client) {
        // react-query's QueryClientProvider near the top of the tree: the `client` prop of a fiber.
        const root = document.getElementById("root") as unknown as Record<string, unknown>;
        const key = Object.keys(root).find((k) => k.startsWith("__reactContainer$"))!;
        type Fiber = { memoizedProps?: { client?: { removeQueries?: unknown } }; child?: Fiber; sibling?: Fiber };
        const stack = [root[key] as Fiber | undefined];
        while (stack.length && !client) {
          const f = stack.pop();
          if (!f) continue;
          if (typeof f.memoizedProps?.client?.removeQueries === "function") client = f.memoizedProps.client as unknown as Client;
          stack.push(f.sibling, f.child);
        }
        if (!client) throw new Error("no QueryClient found in the React tree");
      }
      for (const queryKey of keys) client!.removeQueries({ queryKey });
    },
  };
  const raw = sessionStorage.getItem("bench-ready");
  if (raw) helpers.ready = helpers.timed(JSON.parse(raw), () => {}, 0);
  (globalThis as unknown as { __bench: Helpers }).__bench = helpers;
}

type WithBench = { __bench: Helpers };
const specOf = (s: Screen) => ({ present: s.present, absent: s.absent, rows: s.rows });

/** Opens `screen` by setting location.hash in the page (after dropping the `drop` queries) and times it there. */
function open(page: Page, screen: Screen, drop: unknown[][]): Promise<Open> {
  return page.evaluate(({ hash, spec, drop }) => {
    const { __bench } = globalThis as unknown as WithBench;
    __bench.drop(drop);
    performance.clearResourceTimings();
    return __bench.timed(spec, () => (location.hash = hash));
  }, { hash: screen.hash, spec: specOf(screen), drop });
}

/** Back to the landing screen (mail), the measured screen gone, then a pause. */
async function away(page: Page, home: string, screen: Screen) {
  await page.evaluate((h) => (location.hash = h), home);
  await page.waitForFunction((sel) => !document.querySelector(sel), screen.present[0]);
  await page.waitForTimeout(SETTLE_MS);
}

function report(label: string, opens: Open[]) {
  const s = stats(opens.map((o) => o.ms));
  const shown = stats(opens.map((o) => o.shown));
  const withApi = opens.filter((o) => o.api > 0);
  const apiEnd = withApi.length ? stats(withApi.map((o) => o.apiEnd)) : null;
  const rows = [...new Set(opens.map((o) => o.rows))].join("/");
  const busy = stats(opens.map((o) => o.busy));
  const api = [...new Set(opens.map((o) => o.api))].join("/");
  console.log(`${label}: p50 ${s.p50.toFixed(0)} ms  p95 ${s.p95.toFixed(0)} ms  max ${s.max.toFixed(0)} ms  (target 300 ms: ` +
    `${s.p95 < 300 ? "met" : "NOT met"} at p95; ${opens.length} opens; shown p50 ${shown.p50.toFixed(0)} ms; API answers before it: ${api}` +
    `${apiEnd ? `, the last ending at p50 ${apiEnd.p50.toFixed(0)} / p95 ${apiEnd.p95.toFixed(0)} ms` : ""}; ` +
    `long tasks p50 ${busy.p50.toFixed(0)} / p95 ${busy.p95.toFixed(0)} ms; rows drawn ${rows})`);
}

async function measureOpens(page: Page, home: string, screen: Screen) {
  const states: [string, unknown[][]][] = [["warm", []], ["cold", screen.own], ["module cold", screen.module]];
  const got = new Map<string, Open[]>(states.map(([s]) => [s, []]));
  const profiler = PROFILE_DIR ? await page.context().newCDPSession(page) : undefined;
  if (profiler) {
    await Deno.mkdir(PROFILE_DIR!, { recursive: true });
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.setSamplingInterval", { interval: 100 });
  }
  for (let r = 0; r < WARMUP + OPENS; r++) {
    // Cold states first in a round: the warm open after them finds the data they fetched.
    for (const [state, drop] of [states[2], states[1], states[0]]) {
      await away(page, home, screen);
      if (profiler && r >= WARMUP) await profiler.send("Profiler.start");
      const tracing = TRACE_DIR && r === WARMUP;
      if (tracing) await page.context().browser()!.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.stack", "v8", "blink"] });
      const o = await open(page, screen, drop);
      if (tracing) {
        await Deno.mkdir(TRACE_DIR, { recursive: true });
        const name = `${screen.name.split(" (")[0].replace(/\W+/g, "-")}-${state.replace(" ", "-")}`;
        await Deno.writeFile(`${TRACE_DIR}/${name}.trace.json`, await page.context().browser()!.stopTracing());
      }
      if (profiler && r >= WARMUP) {
        const { profile } = await profiler.send("Profiler.stop");
        const name = `${screen.name.split(" (")[0].replace(/\W+/g, "-")}-${state.replace(" ", "-")}-${r - WARMUP}`;
        await Deno.writeTextFile(`${PROFILE_DIR}/${name}.cpuprofile`, JSON.stringify(profile));
      }
      if (r >= WARMUP) got.get(state)!.push(o);
    }
  }
  await profiler?.detach();
  for (const [state] of states) report(`${screen.name}, open from mail, ${state}`, got.get(state)!);
  await away(page, home, screen);
}

/** LIST ⇄ KANBAN by the view links (both on the actionObj route: the screen stays mounted, no loading state). */
async function measureSwitch(page: Page, listScreen: Screen, kanbanScreen: Screen) {
  const actionList = { ...listScreen, hash: kanbanScreen.hash.replace("KANBAN", "LIST") };
  await page.evaluate((h) => (location.hash = h), actionList.hash);
  await page.locator(listScreen.present[0]).waitFor();
  const toKanban: Open[] = [];
  const toList: Open[] = [];
  for (let r = 0; r < WARMUP + OPENS; r++) {
    for (const [to, into] of [[kanbanScreen, toKanban], [actionList, toList]] as const) {
      await page.waitForTimeout(SETTLE_MS);
      const o = await page.evaluate((spec) => {
        performance.clearResourceTimings();
        const link = document.querySelector<HTMLElement>(".fl-views a:not([aria-current])")!;
        return (globalThis as unknown as WithBench).__bench.timed(spec, () => link.click());
      }, specOf(to));
      if (r >= WARMUP) into.push(o);
    }
  }
  report("flow, switch LIST → KANBAN by the view link", toKanban);
  report("flow, switch KANBAN → LIST by the view link", toList);
}

/** page.reload() on the screen, timed from the navigation's start to the screen shown and idle. */
/** BENCH_TIMELINE=1: the last reload's requests (scripts, styles, API calls) with their start and end, from the
 *  navigation's start, to see what waits for what. */
const TIMELINE = !!Deno.env.get("BENCH_TIMELINE");

async function printTimeline(page: Page) {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .map((e) => ({ name: new URL(e.name).pathname + new URL(e.name).search, start: e.startTime, end: e.responseEnd })));
  for (const e of entries.sort((a, b) => a.start - b.start)) {
    console.log(`  ${e.start.toFixed(0).padStart(6)} → ${e.end.toFixed(0).padStart(6)} ms  ${e.name.slice(0, 110)}`);
  }
}

async function measureReloads(page: Page, screen: Screen) {
  await page.evaluate((h) => (location.hash = h), screen.hash);
  await page.locator(screen.present[0]).waitFor();
  await page.evaluate((spec) => sessionStorage.setItem("bench-ready", spec), JSON.stringify(specOf(screen)));
  const times: Open[] = [];
  const docs: number[] = [];
  // With BENCH_PROFILE, the main thread's profile of each measured reload too (the renderer keeps its isolate).
  const profiler = PROFILE_DIR ? await page.context().newCDPSession(page) : undefined;
  if (profiler) {
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.setSamplingInterval", { interval: 100 });
  }
  for (let r = 0; r < WARMUP + RELOADS; r++) {
    if (profiler && r >= WARMUP) await profiler.send("Profiler.start");
    await page.reload({ waitUntil: "commit" });
    const o = await page.evaluate(async () => {
      const o = await (globalThis as unknown as WithBench).__bench.ready!;
      return { ...o, doc: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd };
    });
    if (profiler && r >= WARMUP) {
      const { profile } = await profiler.send("Profiler.stop");
      const name = `${screen.name.split(" (")[0].replace(/\W+/g, "-")}-reload-${r - WARMUP}`;
      await Deno.writeTextFile(`${PROFILE_DIR}/${name}.cpuprofile`, JSON.stringify(profile));
    }
    if (r >= WARMUP) {
      times.push(o);
      docs.push(o.doc);
    }
    if (TIMELINE && r === WARMUP + RELOADS - 1) await printTimeline(page);
    await page.waitForTimeout(SETTLE_MS);
  }
  await profiler?.detach();
  await page.evaluate(() => sessionStorage.removeItem("bench-ready"));
  report(`${screen.name}, full page load (reload, from navigation start; the document in p50 ${stats(docs).p50.toFixed(0)} ms)`, times);
}

// Last: the module's constants above (specOf among them) exist before the run uses them.
await runBench("work", run, { keepDir: Deno.env.get("BENCH_DIR") });
