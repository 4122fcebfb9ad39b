// Chats and streamed answers through /api/assistants with the model stand-in as the company's provider: chats
// (201, newest first, rename, messages, delete one and all, another user's 404), POST chats/{c}/streaming end
// to end (start, tokens, done, then the model's title; the row DONE; CHATS_CHANGED and ANSWER_UPDATED on the
// user's topic), history and persona in what the model gets, a PDF's text reaching the model, the calendar
// tool answering "what is on my calendar tomorrow" from a real event, stop (STOPPED with the text so far, the
// model's request aborted, 409 assistant.not_running after), 409 assistant.busy, a stop written by another
// instance noticed by the generating one, re-attaching over real HTTP after the first stream was closed, a
// deleted chat ending its answer, the server's clean stop ending its answers FAILED, the provider failing
// (FAILED), no provider (409 assistant.no_provider), answers of a dead instance swept to FAILED.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantDetail, Chat, ChatMessage } from "../../shared/assistant/api.ts";
import { ASSISTANT_EVENTS, assistantUserTopic } from "../../shared/assistant/constants.ts";
import type { ServerFrame } from "../../shared/realtime.ts";
import { abortLocal, endLocalAnswers, failStaleAnswers, runningHere, whenIdle } from "../../server/modules/assistant/generation.ts";
import { DEFAULT_SYSTEM_PROMPT } from "../../server/modules/assistant/prompt.ts";
import { lastUserMessage, type OpenAiStandin, startOpenAiStandin, systemPrompt, toolResults } from "../support/openai-standin.ts";
import { createTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { API, ask, type AssistantCompany, assistantApi, assistantCompany, connectModel, type Event, pdf, readEvents, saveForm, textOf } from "./support.ts";

const t = await createTestApp();
const api = assistantApi(t);
let A: AssistantCompany, B: AssistantCompany;
let model: OpenAiStandin;
let server: Deno.HttpServer<Deno.NetAddr>;
let origin: string;

/** A promise a rule waits on, and its release. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => open = r);
  return { p, open };
}
const newChat = async (who: { token: string }, json: Record<string, unknown> = {}) => await api.ok<Chat>(201, "POST", "chats", who, json);
const messagesOf = async (who: { token: string }, chatId: number) => await api.ok<ChatMessage[]>(200, "GET", `chats/${chatId}/messages`, who);
const startOf = (events: Event[]) => events.find((e) => e.type === "start") as { chatId: number; messageId: number };
const seoulDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date(ms));

beforeAll(async () => {
  model = await startOpenAiStandin({ apiKey: "sk-test" });
  A = await assistantCompany(t, "chat-a.test");
  B = await assistantCompany(t, "chat-b.test");
  await connectModel(t, A.admin, model);
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) => t.app.fetch(req, { remoteAddr: info.remoteAddr }));
  origin = `http://127.0.0.1:${server.addr.port}`;
});
afterAll(async () => {
  abortLocal(t.deps, runningHere(t.deps)); // a failed test may leave one waiting on its gate
  await whenIdle(t.deps);
  await server.shutdown();
  await model.close();
});

describe("chats", () => {
  it("creates (201), lists newest first, renames, deletes one and all (204); another user's answer 404", async () => {
    const first = await newChat(A.lee, { title: "첫 대화" });
    expect(first).toEqual({ chatId: first.chatId, title: "첫 대화", assistantId: null, personaFlag: -1, runningMessageId: null, createdAt: t.clock.now().getTime(), updatedAt: t.clock.now().getTime() });
    t.clock.advance(1000);
    const form = await t.call("POST", `${API}/chats`, { token: A.lee.token, form: { title: "", personaFlag: 0 } });
    expect([form.status, form.body.personaFlag]).toEqual([201, 0]);
    expect((await api.ok<Chat[]>(200, "GET", "chats/my", A.lee)).map((c) => c.chatId)).toEqual([form.body.chatId, first.chatId]);
    expect(await api.ok(200, "GET", "chats/my", A.kim)).toEqual([]);
    expect(await api.ok(200, "POST", `chats/${first.chatId}/title`, A.lee, { title: "이름 바꿈" })).toMatchObject({ chatId: first.chatId, title: "이름 바꿈" });
    await api.fails(400, "common.validation", "POST", `chats/${first.chatId}/title`, A.lee, { title: "" });
    expect(await messagesOf(A.lee, first.chatId)).toEqual([]);
    for (const [method, path] of [["GET", `chats/${first.chatId}/messages`], ["POST", `chats/${first.chatId}/title`], ["DELETE", `chats/${first.chatId}`], ["POST", `chats/${first.chatId}/streaming`], ["GET", `chats/${first.chatId}/streaming/1`]]) {
      const json = method === "GET" ? undefined : { title: "x", message: "x" };
      await api.fails(404, "assistant.chat_not_found", method, path, A.kim, json);
      await api.fails(404, "assistant.chat_not_found", method, path, B.admin, json);
    }
    await api.fails(404, "assistant.chat_not_found", "GET", "chats/abc/messages", A.lee);
    await api.fails(404, "assistant.message_not_found", "POST", `chats/${first.chatId}/messages/99999999/stop`, A.lee);
    expect((await api.raw("DELETE", `chats/${first.chatId}`, A.lee)).status).toBe(204);
    expect((await api.ok<Chat[]>(200, "GET", "chats/my", A.lee)).map((c) => c.chatId)).toEqual([form.body.chatId]);
    expect((await api.raw("DELETE", "chats", A.lee)).status).toBe(204);
    expect(await api.ok(200, "GET", "chats/my", A.lee)).toEqual([]);
  });

  it("answers 409 assistant.no_provider without a provider, and 400 for a bad question", async () => {
    const chat = await newChat(B.kim);
    await api.fails(409, "assistant.no_provider", "POST", `chats/${chat.chatId}/streaming`, B.kim, { message: "안녕" });
    expect(await messagesOf(B.kim, chat.chatId)).toEqual([]);
    const mine = await newChat(A.kim);
    await api.fails(400, "common.validation", "POST", `chats/${mine.chatId}/streaming`, A.kim, { message: "a\u0000b" });
    await api.fails(400, "common.validation", "POST", `chats/${mine.chatId}/streaming`, A.kim, { message: "   " });
    await api.fails(400, "common.validation", "POST", `chats/${mine.chatId}/streaming`, A.kim, { message: "x", personaFlag: 42 });
  });
});

describe("streaming", () => {
  it("streams an answer, keeps it, then titles the chat; the model gets the system prompt, history and persona", async () => {
    const frames: ServerFrame[] = [];
    const conn = { username: A.kim.username, send: (s: string) => frames.push(JSON.parse(s)), close: () => {}, stillValid: () => Promise.resolve(true) };
    t.deps.realtime.hub.add(conn);
    t.deps.realtime.hub.subscribe(conn, assistantUserTopic(A.kim.username));
    model.setRules([
      { stream: false, reply: "인사 나누기" },
      { when: "hello", reply: ["Hel", "lo ", "wor", "ld"], delayMs: 2 },
      { when: "again", reply: "Second answer" },
    ]);
    await api.ok(200, "POST", "persona", A.kim, [{ idx: 1, title: "팀장 모드", jobTitle: "팀장", traits: "간결하게" }]);
    const chat = await newChat(A.kim);
    const events = await readEvents(await ask(t, A.kim, chat.chatId, "hello there"));
    const { messageId } = startOf(events);
    expect(events.map((e) => e.type)).toEqual(["start", "token", "token", "token", "token", "done", "title"]);
    expect(textOf(events)).toBe("Hello world");
    expect(events.at(-2)).toEqual({ type: "done", status: "DONE", errorCode: null });
    expect(events.at(-1)).toEqual({ type: "title", title: "인사 나누기" });
    const [m] = await messagesOf(A.kim, chat.chatId);
    expect(m).toMatchObject({ id: messageId, chatId: chat.chatId, question: "hello there", answer: "Hello world", status: "DONE", errorCode: null, toolCalls: [] });
    expect((await api.ok<Chat[]>(200, "GET", "chats/my", A.kim))[0]).toMatchObject({ chatId: chat.chatId, title: "인사 나누기", runningMessageId: null });
    const asked = model.requests.find((r) => r.body.stream && lastUserMessage(r.body) === "hello there")!;
    expect(asked.authorization).toBe("Bearer sk-test");
    expect(systemPrompt(asked.body)).toContain(DEFAULT_SYSTEM_PROMPT);
    expect(systemPrompt(asked.body)).toContain("김개발");
    expect(asked.body.tools?.map((x) => x.function.name)).toContain("calendar_events"); // no assistant: the tools are offered
    await until(() => frames.some((f) => f.type === "MESSAGE" && f.event === ASSISTANT_EVENTS.chatsChanged && f.data.chatId === chat.chatId), "CHATS_CHANGED");
    expect(frames).toContainEqual({ type: "MESSAGE", topic: assistantUserTopic(A.kim.username), event: ASSISTANT_EVENTS.answerUpdated, data: { chatId: chat.chatId, messageId } });
    t.deps.realtime.hub.remove(conn);

    // The next question carries the chat so far and the chosen persona; the title stays.
    const second = await readEvents(await ask(t, A.kim, chat.chatId, "again please", { personaFlag: 1 }));
    expect(second.map((e) => e.type)).toEqual(["start", ...Array(4).fill("token"), "done"]);
    const again = model.lastRequest()!.body;
    expect(again.messages.slice(1).map((x) => [x.role, x.content])).toEqual([["user", "hello there"], ["assistant", "Hello world"], ["user", "again please"]]);
    expect(systemPrompt(again)).toContain("Job title: 팀장");
    expect(systemPrompt(again)).toContain("Traits: 간결하게");
    expect((await api.ok<Chat[]>(200, "GET", "chats/my", A.kim))[0]).toMatchObject({ title: "인사 나누기", personaFlag: 1 });
  });

  it("gives the model an assistant's system prompt and its PDF's text (no tools outside TOOLS)", async () => {
    model.setRules([{ stream: false, reply: "규정 질문" }, { when: (req) => systemPrompt(req).includes("Annual leave is 15 days"), reply: "연차는 15일입니다." }]);
    const saved = await saveForm(t, A.kim, { title: "인사 규정", category: "HR_ACCOUNTING", systemPrompt: "You answer HR questions." }, [
      { name: "leave.pdf", bytes: pdf("Annual leave is 15 days per year"), type: "application/pdf" },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const helper = saved.body as AssistantDetail;
    const chat = await newChat(A.kim, { assistantId: helper.id });
    expect(chat.assistantId).toBe(helper.id);
    const events = await readEvents(await ask(t, A.kim, chat.chatId, "연차는 며칠인가요?"));
    expect(textOf(events)).toBe("연차는 15일입니다.");
    const req = model.requests.findLast((r) => r.body.stream)!.body;
    expect(systemPrompt(req)).toMatch(/^You answer HR questions\./);
    expect(systemPrompt(req)).toContain("### leave.pdf\nAnnual leave is 15 days per year");
    expect(req.tools).toBeUndefined();
    // Another user who cannot see a private assistant cannot ask it through a chat.
    const devOnly = await api.ok<AssistantDetail>(200, "POST", "save", A.kim, { title: "개발 전용", category: "TOOLS", organId: A.organs.dev });
    const other = await newChat(A.park);
    await api.fails(404, "assistant.not_found", "POST", `chats/${other.chatId}/streaming`, A.park, { message: "hi", assistantId: devOnly.id });
  });

  it("answers 'what is on my calendar tomorrow' with the calendar tool, shown in the chat", async () => {
    const tomorrow = seoulDate(t.clock.now().getTime() + 86_400_000);
    const cals = await t.call("GET", "/api/calendar/find", { token: A.kim.token });
    const calendarId = cals.body.find((c: { type: string }) => c.type === "DEFAULT").id;
    const ev = await t.call("POST", "/api/calendar/event", {
      token: A.kim.token, json: { calendarId, summary: "주간 회의", dtStart: `${tomorrow}T10:00`, dtEnd: `${tomorrow}T11:00`, timezone: "Asia/Seoul", location: "3층" },
    });
    expect(ev.status, JSON.stringify(ev.body)).toBe(201);
    model.setRules([{
      when: /calendar tomorrow/,
      toolCalls: [{ name: "calendar_events", arguments: { from: tomorrow, to: tomorrow } }],
      reply: (req) => {
        const events = JSON.parse(toolResults(req)[0].content).events as { title: string; start: string }[];
        return `Tomorrow: ${events.map((e) => `${e.title} at ${e.start.slice(11)}`).join(", ")}`;
      },
    }]);
    const chat = await newChat(A.kim, { title: "일정" });
    const events = await readEvents(await ask(t, A.kim, chat.chatId, "What is on my calendar tomorrow?"));
    const call = { name: "calendar_events", arguments: { from: tomorrow, to: tomorrow }, summary: `${tomorrow}: 1 event(s)`, ok: true, subject: tomorrow, count: 1 };
    expect(events.filter((e) => e.type !== "token")).toEqual([events[0], { type: "tool", call }, { type: "done", status: "DONE", errorCode: null }]);
    // The model was told today's date, so that it can say which day tomorrow is.
    expect(systemPrompt(model.requests.findLast((r) => toolResults(r.body).length === 0)!.body)).toContain(`Now: ${seoulDate(t.clock.now().getTime())}`);
    expect(textOf(events)).toBe("Tomorrow: 주간 회의 at 10:00");
    const [m] = await messagesOf(A.kim, chat.chatId);
    expect(m.toolCalls).toEqual([call]);
    const result = JSON.parse(toolResults(model.lastRequest()!.body)[0].content);
    expect(result.events).toEqual([{ title: "주간 회의", start: `${tomorrow} 10:00`, end: `${tomorrow} 11:00`, allDay: false, location: "3층", calendar: expect.any(String) }]);
    // The tools see only the caller's own: 이본부's calendar tomorrow is empty.
    const lees = await newChat(A.lee, { title: "일정" });
    expect(textOf(await readEvents(await ask(t, A.lee, lees.chatId, "What is on my calendar tomorrow?")))).toBe("Tomorrow: ");
    // Free times and colleagues through their services.
    model.setRules([{
      when: "free", toolCalls: [{ name: "calendar_free_times", arguments: { from: tomorrow, to: tomorrow, includeWeekends: true } }, { name: "find_colleague", arguments: { query: "이본부" } }],
      reply: (req) => toolResults(req).map((r) => r.content).join(" | "),
    }]);
    const free = await readEvents(await ask(t, A.kim, chat.chatId, "When am I free tomorrow?"));
    expect(free.filter((e) => e.type === "tool").map((e) => (e as { call: { summary: string } }).call.summary)).toEqual([`${tomorrow}: 2 free slot(s)`, `"이본부": 1 colleague(s)`]);
    expect(textOf(free)).toContain(`{"start":"${tomorrow} 09:00","end":"${tomorrow} 10:00","minutes":60}`);
    expect(textOf(free)).toContain(`"email":"${A.lee.username}"`);
  });
});

describe("running answers", () => {
  it("stops an answer: STOPPED with the text so far, the model's request aborted, then 409", async () => {
    const hold = gate();
    model.setRules([{ when: "long story", reply: ["Once upon", " a time", " there was"], waitFor: hold.p }]);
    const chat = await newChat(A.kim, { title: "멈춤" });
    const res = await ask(t, A.kim, chat.chatId, "tell a long story");
    const reading = readEvents(res);
    const req = await model.waitForRequest((r) => lastUserMessage(r.body) === "tell a long story");
    await until(() => req.firstChunkAt !== null, "the first piece");
    const running = (await api.ok<Chat[]>(200, "GET", "chats/my", A.kim)).find((c) => c.chatId === chat.chatId)!.runningMessageId!;
    // One answer at a time per chat.
    await api.fails(409, "assistant.busy", "POST", `chats/${chat.chatId}/streaming`, A.kim, { message: "another" });
    await until(async () => (await messagesOf(A.kim, chat.chatId))[0].answer === "Once upon", "the first piece written");
    const stopped = await api.ok<ChatMessage>(200, "POST", `chats/${chat.chatId}/messages/${running}/stop`, A.kim);
    expect(stopped).toMatchObject({ id: running, status: "STOPPED", answer: "Once upon", errorCode: null });
    const events = await reading;
    expect(events.map((e) => e.type)).toEqual(["start", "token", "done"]);
    expect(events.at(-1)).toEqual({ type: "done", status: "STOPPED", errorCode: null });
    hold.open();
    await until(() => req.aborted, "the model's request aborted");
    await api.fails(409, "assistant.not_running", "POST", `chats/${chat.chatId}/messages/${running}/stop`, A.kim);
    expect((await messagesOf(A.kim, chat.chatId))[0]).toMatchObject({ status: "STOPPED", answer: "Once upon" });
    await api.fails(404, "assistant.chat_not_found", "POST", `chats/${chat.chatId}/messages/${running}/stop`, A.lee);
  });

  it("re-attaches over HTTP after the first stream was closed, and the answer finishes on the server", async () => {
    const hold = gate();
    model.setRules([{ stream: false, reply: "긴 답" }, { when: "reload", reply: ["part one", ", part two", ", part three"], waitFor: hold.p, delayMs: 5 }]);
    const chat = await newChat(A.kim);
    const headers = { authorization: `Bearer ${A.kim.token}`, "content-type": "application/json" };
    const first = await fetch(`${origin}${API}/chats/${chat.chatId}/streaming`, { method: "POST", headers, body: JSON.stringify({ message: "survive a reload" }) });
    const seen = await readEvents(first, (e) => e.type === "token"); // then the "browser" goes away
    expect(textOf(seen)).toBe("part one");
    const { messageId } = startOf(seen);
    expect((await api.ok<Chat[]>(200, "GET", "chats/my", A.kim))[0]).toMatchObject({ chatId: chat.chatId, runningMessageId: messageId });
    const again = await fetch(`${origin}${API}/chats/${chat.chatId}/streaming/${messageId}`, { headers });
    const reading = readEvents(again);
    hold.open();
    const events = await reading;
    expect(events[0]).toEqual({ type: "start", chatId: chat.chatId, messageId });
    expect(events[1]).toEqual({ type: "token", text: "part one" });
    expect(textOf(events)).toBe("part one, part two, part three");
    expect(events.filter((e) => e.type === "done" || e.type === "title")).toEqual([{ type: "done", status: "DONE", errorCode: null }, { type: "title", title: "긴 답" }]);
    expect((await messagesOf(A.kim, chat.chatId))[0]).toMatchObject({ status: "DONE", answer: "part one, part two, part three" });
    // An ended answer: its text and done at once.
    const ended = await readEvents(await t.app.request(`${API}/chats/${chat.chatId}/streaming/${messageId}`, { headers }));
    expect(ended).toEqual([{ type: "start", chatId: chat.chatId, messageId }, { type: "token", text: "part one, part two, part three" }, { type: "done", status: "DONE", errorCode: null }]);
  });

  it("notices a stop written by another instance, and a deleted chat, and ends the model's request", async () => {
    const hold = gate();
    model.setRules([{ when: "elsewhere", reply: ["one", " two"], waitFor: hold.p }]);
    const chat = await newChat(A.kim, { title: "다른 인스턴스" });
    const reading = readEvents(await ask(t, A.kim, chat.chatId, "stopped elsewhere"));
    const req = await model.waitForRequest((r) => lastUserMessage(r.body) === "stopped elsewhere");
    await until(async () => (await messagesOf(A.kim, chat.chatId))[0]?.answer === "one", "the first piece written");
    // What POST stop on another instance writes: the row STOPPED (its instance is not this one).
    await t.db.sql`update assistant_messages set status = 'STOPPED' where chat_id = ${chat.chatId}`;
    const events = await reading;
    expect(events.at(-1)).toEqual({ type: "done", status: "STOPPED", errorCode: null });
    await until(() => req.aborted, "the model's request aborted");
    hold.open();
    expect((await messagesOf(A.kim, chat.chatId))[0]).toMatchObject({ status: "STOPPED", answer: "one" });

    const hold2 = gate();
    model.setRules([{ when: "deleted", reply: ["a", "b"], waitFor: hold2.p }]);
    const gone = await newChat(A.kim);
    const reading2 = readEvents(await ask(t, A.kim, gone.chatId, "chat deleted meanwhile"));
    const req2 = await model.waitForRequest((r) => lastUserMessage(r.body) === "chat deleted meanwhile");
    await until(() => req2.firstChunkAt !== null, "the first piece");
    expect((await api.raw("DELETE", `chats/${gone.chatId}`, A.kim)).status).toBe(204);
    expect((await reading2).at(-1)).toMatchObject({ type: "done", status: "STOPPED" });
    await until(() => req2.aborted, "the model's request aborted");
    hold2.open();
  });

  it("ends the answers running here FAILED, with their text, when the server stops", async () => {
    const hold = gate();
    model.setRules([{ when: "shutdown", reply: ["kept", " lost"], waitFor: hold.p }]);
    const chat = await newChat(A.kim, { title: "종료" });
    const reading = readEvents(await ask(t, A.kim, chat.chatId, "server shutdown"));
    const req = await model.waitForRequest((r) => lastUserMessage(r.body) === "server shutdown");
    await until(() => req.firstChunkAt !== null, "the first piece");
    await endLocalAnswers(t.deps);
    expect((await reading).at(-1)).toEqual({ type: "done", status: "FAILED", errorCode: "assistant.provider_failed" });
    expect((await messagesOf(A.kim, chat.chatId))[0]).toMatchObject({ status: "FAILED", answer: "kept" });
    hold.open();
    await until(() => req.aborted, "the model's request aborted");
  });

  it("fails an answer the provider refuses, and sweeps answers of a dead instance to FAILED", async () => {
    model.setRules([{ when: "broken", status: 500 }]);
    const chat = await newChat(A.kim, { title: "실패" });
    const events = await readEvents(await ask(t, A.kim, chat.chatId, "broken model"));
    expect(events.map((e) => e.type)).toEqual(["start", "done"]);
    expect(events[1]).toEqual({ type: "done", status: "FAILED", errorCode: "assistant.provider_failed" });
    expect((await messagesOf(A.kim, chat.chatId))[0]).toMatchObject({ status: "FAILED", errorCode: "assistant.provider_failed" });

    const now = t.clock.now();
    const [{ id }] = await t.db.sql<{ id: string }[]>`
      insert into assistant_messages (company_id, chat_id, question, answer, status, instance_id, created_at, updated_at)
      values (${A.co.companyId}, ${chat.chatId}, 'left behind', 'half', 'RUNNING', 'dead-instance', ${now.toISOString()}, ${new Date(now.getTime() - 60_000).toISOString()}) returning id`;
    expect((await api.ok<Chat[]>(200, "GET", "chats/my", A.kim)).find((c) => c.chatId === chat.chatId)!.runningMessageId).toBe(Number(id));
    await api.fails(409, "assistant.busy", "POST", `chats/${chat.chatId}/streaming`, A.kim, { message: "blocked" });
    // Re-attaching to it follows the row until it ends.
    const following = readEvents(await t.app.request(`${API}/chats/${chat.chatId}/streaming/${id}`, { headers: { authorization: `Bearer ${A.kim.token}` } }));
    expect(await failStaleAnswers(t.deps)).toBe(1);
    expect(await following).toEqual([
      { type: "start", chatId: chat.chatId, messageId: Number(id) }, { type: "token", text: "half" }, { type: "done", status: "FAILED", errorCode: "assistant.provider_failed" },
    ]);
    expect(await failStaleAnswers(t.deps)).toBe(0);
    model.setRules([{ when: "works again", reply: "ok" }]);
    expect(textOf(await readEvents(await ask(t, A.kim, chat.chatId, "works again")))).toBe("ok");
  });
});
