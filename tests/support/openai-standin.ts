// A local stand-in for an OpenAI-compatible model server (what Ollama, vLLM, llama.cpp's server and the hosted
// APIs speak), real HTTP on loopback, for the AI assistant's tests, benchmarks and browser journeys.
//
//   POST /v1/chat/completions   stream true: Server-Sent Events, one `data: {chat.completion.chunk}` per piece
//                               (the first delta carries role "assistant", content pieces in delta.content, tool
//                               calls in delta.tool_calls with index, id, type "function", function.name and
//                               function.arguments sent in pieces; the last chunk has finish_reason "stop" or
//                               "tool_calls"), then `data: [DONE]`. stream false: one chat.completion object.
//   GET  /v1/models             { object: "list", data: [{ id, object: "model", created, owned_by }] }
// With `apiKey` set, both need `Authorization: Bearer <apiKey>`: anything else answers 401
// { error: { message, type: "invalid_request_error", code: "invalid_api_key" } }, as OpenAI does.
//
// What it answers is chosen from the request by a rule table (the first rule that matches wins; `setRules`
// replaces it, `addRule` puts one in front):
//   when        string (the last user message contains it, case-insensitive), RegExp (tested on it) or a
//               function of the request; absent: any request
//   stream      only streaming (true) or only non-streaming (false) requests, e.g. the assistant's title request
//   toolCalls   when the request offers tools and no tool result has come back since the last user message:
//               call these first ({ name, arguments: object or function of the request }); the model's
//               answer after the results (the next request) is `reply`, which may read them (toolResults)
//   reply       the answer: a string (sent in pieces of `chunkChars` characters, default 4), an array of
//               pieces, or a function of the request answering either
//   delayMs     between pieces (default 0); firstDelayMs before the first one (default 0)
//   waitFor     a promise awaited after the first piece before the rest (a test holds an answer mid-way)
//   status      answer this HTTP status with an OpenAI-style error body instead (e.g. 500, 429)
// No rule matching: streaming requests answer `Echo: <last user message>`, non-streaming ones the first words
// of it (what a title request gets).
//
// Every request is recorded (`requests`, newest last): the parsed body (model, messages with the system
// prompt, the knowledge text and tool results, tools, stream), the Authorization header, when its first
// piece was written (firstChunkAt, performance.timeOrigin + performance.now(), comparable with the same clock
// in this process), whether it ran to the end (completed) or the client went away first (aborted).
// `lastRequest()`, `systemPrompt(req)`, `toolResults(req)` and `lastUserMessage(req)` read them.
//
// Use in a test:
//   const model = await startOpenAiStandin({ apiKey: "sk-test" });
//   model.setRules([{ when: "hello", reply: ["Hi", " there"], delayMs: 5 }]);
//   ...PUT /api/assistants/provider { baseUrl: model.baseUrl, model: model.model, apiKey: "sk-test" }
//   await model.close();
// From a shell (browser journeys, manual tries): `deno run -A tests/support/openai-standin.ts [port]` serves
// the default echo on that port (default 11435) with no key, base URL http://127.0.0.1:<port>/v1.

export interface StandinMessage {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

export interface StandinRequest {
  model: string;
  messages: StandinMessage[];
  stream?: boolean;
  tools?: { type: "function"; function: { name: string; description?: string; parameters?: unknown } }[];
  [key: string]: unknown;
}

export interface StandinToolCall {
  name: string;
  arguments: Record<string, unknown> | ((req: StandinRequest) => Record<string, unknown>);
}

export interface StandinRule {
  when?: string | RegExp | ((req: StandinRequest) => boolean);
  stream?: boolean;
  toolCalls?: StandinToolCall[];
  reply?: string | string[] | ((req: StandinRequest) => string | string[]);
  chunkChars?: number;
  delayMs?: number;
  firstDelayMs?: number;
  waitFor?: Promise<unknown>;
  status?: number;
}

export interface RecordedRequest {
  path: string;
  authorization: string | null;
  body: StandinRequest;
  receivedAt: number;
  /** When the first piece (content or tool call) was written; null before, or when none was. */
  firstChunkAt: number | null;
  completed: boolean;
  aborted: boolean;
}

export interface OpenAiStandin {
  /** http://127.0.0.1:<port>/v1: what an administrator enters as the provider's base URL. */
  baseUrl: string;
  /** The model it lists first (any model name is accepted). */
  model: string;
  requests: RecordedRequest[];
  setRules(rules: StandinRule[]): void;
  addRule(rule: StandinRule): void;
  lastRequest(): RecordedRequest | undefined;
  /** Resolves when a request matching `pred` has been recorded (the same request object, still being answered). */
  waitForRequest(pred?: (r: RecordedRequest) => boolean, ms?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const now = () => performance.timeOrigin + performance.now();
const enc = new TextEncoder();

/** The text of a message's content (a string, or the text parts of a list). */
export function textOf(m: StandinMessage | undefined): string {
  if (!m || m.content == null) return "";
  if (typeof m.content === "string") return m.content;
  return m.content.map((p) => p.text ?? "").join("");
}

export function lastUserMessage(req: StandinRequest): string {
  return textOf(req.messages.findLast((m) => m.role === "user"));
}

/** The system messages' text, joined. */
export function systemPrompt(req: StandinRequest): string {
  return req.messages.filter((m) => m.role === "system").map(textOf).join("\n");
}

/** The tool results since the last user message: { name (of the call), id, content }. */
export function toolResults(req: StandinRequest): { name: string; id: string; content: string }[] {
  const lastUser = req.messages.findLastIndex((m) => m.role === "user");
  const calls = new Map<string, string>();
  for (const m of req.messages.slice(lastUser + 1)) for (const c of m.tool_calls ?? []) calls.set(c.id, c.function.name);
  return req.messages.slice(lastUser + 1).filter((m) => m.role === "tool")
    .map((m) => ({ name: calls.get(m.tool_call_id ?? "") ?? m.name ?? "", id: m.tool_call_id ?? "", content: textOf(m) }));
}

function matches(rule: StandinRule, req: StandinRequest): boolean {
  if (rule.stream !== undefined && rule.stream !== (req.stream === true)) return false;
  const w = rule.when;
  if (w === undefined) return true;
  const q = lastUserMessage(req);
  if (typeof w === "string") return q.toLowerCase().includes(w.toLowerCase());
  if (w instanceof RegExp) return w.test(q);
  return w(req);
}

function piecesOf(rule: StandinRule | undefined, req: StandinRequest): string[] {
  let reply = rule?.reply;
  if (typeof reply === "function") reply = reply(req);
  if (reply === undefined) {
    const q = lastUserMessage(req);
    reply = req.stream ? `Echo: ${q}` : q.split(/\s+/).slice(0, 5).join(" ");
  }
  if (Array.isArray(reply)) return reply;
  const size = Math.max(1, rule?.chunkChars ?? 4);
  const chars = [...reply];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

function errorResponse(status: number, message: string, code: string | null = null, type = "invalid_request_error") {
  return Response.json({ error: { message, type, param: null, code } }, { status });
}

export function startOpenAiStandin(opts: { apiKey?: string; model?: string; models?: string[]; port?: number } = {}): Promise<OpenAiStandin> {
  const model = opts.model ?? "standin-1";
  const models = opts.models ?? [model];
  let rules: StandinRule[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { pred: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }[] = [];
  let seq = 0;

  function record(r: RecordedRequest) {
    requests.push(r);
    for (const w of [...waiters]) {
      if (w.pred(r)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(r);
      }
    }
  }

  async function completions(req: Request, path: string): Promise<Response> {
    let body: StandinRequest;
    try {
      body = await req.json();
    } catch {
      return errorResponse(400, "We could not parse the JSON body of your request.");
    }
    if (!body || !Array.isArray(body.messages) || typeof body.model !== "string") {
      return errorResponse(400, "'messages' and 'model' are required properties.");
    }
    const rec: RecordedRequest = {
      path, authorization: req.headers.get("authorization"), body, receivedAt: now(), firstChunkAt: null, completed: false, aborted: false,
    };
    record(rec);
    const rule = rules.find((r) => matches(r, body));
    if (rule?.status) {
      rec.completed = true;
      return errorResponse(rule.status, `stand-in error ${rule.status}`, null, "server_error");
    }
    const id = `chatcmpl-standin-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const lastIsUser = body.messages.at(-1)?.role === "user";
    const callTools = !!rule?.toolCalls?.length && !!body.tools?.length && lastIsUser;
    const calls = callTools
      ? rule!.toolCalls!.map((c, i) => ({
        id: `call_${seq}_${i}`, name: c.name, arguments: JSON.stringify(typeof c.arguments === "function" ? c.arguments(body) : c.arguments),
      }))
      : [];
    const pieces = callTools ? [] : piecesOf(rule, body);

    if (!body.stream) {
      await sleep(rule?.firstDelayMs ?? 0);
      rec.firstChunkAt = now();
      rec.completed = true;
      const message = callTools
        ? { role: "assistant", content: null, tool_calls: calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) }
        : { role: "assistant", content: pieces.join("") };
      return Response.json({
        id, object: "chat.completion", created, model: body.model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: callTools ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: pieces.length, total_tokens: 1 + pieces.length },
      });
    }

    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      enc.encode(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`);
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      async start(ctl) {
        const send = (bytes: Uint8Array) => {
          if (cancelled) return false;
          try {
            ctl.enqueue(bytes);
            return true;
          } catch {
            return false;
          }
        };
        await sleep(rule?.firstDelayMs ?? 0);
        if (callTools) {
          // Name and id first, then the arguments in pieces, as OpenAI sends them.
          for (const [index, c] of calls.entries()) {
            if (!send(chunk({ role: "assistant", content: null, tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: "" } }] }))) return;
            rec.firstChunkAt ??= now();
            for (let i = 0; i < c.arguments.length; i += 8) {
              await sleep(rule?.delayMs ?? 0);
              if (!send(chunk({ tool_calls: [{ index, function: { arguments: c.arguments.slice(i, i + 8) } }] }))) return;
            }
          }
          if (!send(chunk({}, "tool_calls"))) return;
        } else {
          for (const [i, piece] of pieces.entries()) {
            if (i > 0) await sleep(rule?.delayMs ?? 0);
            if (!send(chunk(i === 0 ? { role: "assistant", content: piece } : { content: piece }))) return;
            if (i === 0) {
              rec.firstChunkAt = now();
              if (rule?.waitFor) await rule.waitFor;
            }
          }
          if (!send(chunk({}, "stop"))) return;
        }
        if (!send(enc.encode("data: [DONE]\n\n"))) return;
        rec.completed = true;
        ctl.close();
      },
      cancel() {
        cancelled = true;
        rec.aborted = !rec.completed;
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" } });
  }

  const server = Deno.serve({ port: opts.port ?? 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/\/+$/, "");
    if (opts.apiKey !== undefined && req.headers.get("authorization") !== `Bearer ${opts.apiKey}`) {
      return errorResponse(401, "Incorrect API key provided.", "invalid_api_key");
    }
    if (req.method === "GET" && path === "/v1/models") {
      return Response.json({ object: "list", data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "standin" })) });
    }
    if (req.method === "POST" && path === "/v1/chat/completions") return await completions(req, path);
    return errorResponse(404, `Unknown request URL: ${req.method} ${url.pathname}`, "unknown_url");
  });
  const baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;

  return Promise.resolve({
    baseUrl,
    model,
    requests,
    setRules: (r) => void (rules = [...r]),
    addRule: (r) => void rules.unshift(r),
    lastRequest: () => requests.at(-1),
    waitForRequest(pred = () => true, ms = 10_000) {
      const found = requests.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error("the model stand-in got no matching request in time"));
        }, ms);
        const w = { pred, resolve: (r: RecordedRequest) => (clearTimeout(timer), resolve(r)) };
        waiters.push(w);
      });
    },
    close: () => server.shutdown(),
  });
}

if (import.meta.main) {
  const port = Number(Deno.args[0] ?? 11435);
  const s = await startOpenAiStandin({ port });
  console.log(`OpenAI-compatible stand-in at ${s.baseUrl} (model ${s.model}, no key)`);
}
