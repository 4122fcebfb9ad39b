// The client of an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp's server, ...):
// plain fetch and a small Server-Sent Events reader, no SDK.
//   streamChat   POST {baseUrl}/chat/completions with stream true: each content piece goes to onText the
//                moment its event is read (the first token's latency is what the user feels); tool calls,
//                which arrive in pieces (delta.tool_calls by index: id and name first, arguments in parts),
//                are put together and answered at the end with the finish reason
//   completeChat the same without streaming (the chat title)
//   listModels   GET {baseUrl}/models (the administrator's connection test)
// The base URL is set by a company administrator: loopback and private addresses are allowed (a local
// Ollama), only http(s), no credentials in it, redirects are not followed (the key goes to that host only).
// A refused or failed call throws ProviderError (status: the provider's HTTP status, null when unreachable).

export interface ModelEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text). */
  arguments: string;
}

export interface ModelMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ModelTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export class ProviderError extends Error {
  constructor(readonly status: number | null, detail: string) {
    super(`model provider: ${status ?? "unreachable"} ${detail}`.trim());
  }
}

/** Waiting for the answer's headers (a local model may be loading) and, once streaming, between two pieces. */
const HEADERS_TIMEOUT_MS = 120_000;
const IDLE_TIMEOUT_MS = 120_000;

/** The base URL as stored: http(s), no credentials, no query or fragment, without a trailing slash; null if not one. */
export function normalizeBaseUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((u.protocol !== "http:" && u.protocol !== "https:") || u.username || u.password || !u.hostname) return null;
  u.search = "";
  u.hash = "";
  return u.toString().replace(/\/+$/, "");
}

function headersOf(apiKey: string | null, accept: "application/json" | "text/event-stream", body: boolean): Record<string, string> {
  const h: Record<string, string> = { accept };
  if (body) h["content-type"] = "application/json";
  if (apiKey) h.authorization = `Bearer ${apiKey}`;
  return h;
}

/** fetch with the caller's signal and a timeout for the headers; the response's body is the caller's. */
async function call(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new ProviderError(null, "no answer in time")), HEADERS_TIMEOUT_MS);
  const onAbort = () => ctl.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const res = await fetch(url, { ...init, redirect: "manual", signal: ctl.signal });
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new ProviderError(res.status, text.slice(0, 300));
    }
    return res;
  } catch (e) {
    signal?.removeEventListener("abort", onAbort);
    if (signal?.aborted) throw signal.reason ?? e;
    if (e instanceof ProviderError) throw e;
    throw new ProviderError(null, String((e as Error)?.message ?? e));
  } finally {
    // The caller's signal keeps aborting the body's reading (the listener stays with the response).
    clearTimeout(timer);
  }
}

/**
 * Reads a text/event-stream body and calls onData with each event's data (the lines of one event joined),
 * as soon as the blank line that ends it has arrived. Comments and other fields are skipped.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string) => boolean | void, idleMs = IDLE_TIMEOUT_MS): Promise<void> {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  let data: string[] = [];
  let idle: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => reader.cancel(new ProviderError(null, "the stream stalled")).catch(() => {}), idleMs);
  };
  try {
    arm();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      arm();
      buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.search(/\r\n|\r|\n/)) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + (buf.startsWith("\r\n", nl) ? 2 : 1));
        if (line === "") {
          if (data.length) {
            const stop = onData(data.join("\n"));
            data = [];
            if (stop === true) return;
          }
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line[5] === " " ? 6 : 5));
        }
      }
    }
    if (data.length) onData(data.join("\n"));
  } finally {
    clearTimeout(idle);
    reader.cancel().catch(() => {});
  }
}

export interface StreamResult {
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: string | null;
}

/** One streamed completion; onText gets each content piece at once. */
export async function streamChat(
  ep: ModelEndpoint,
  messages: ModelMessage[],
  opts: { tools?: ModelTool[]; signal?: AbortSignal; onText: (text: string) => void },
): Promise<StreamResult> {
  const body: Record<string, unknown> = { model: ep.model, messages, stream: true };
  if (opts.tools?.length) body.tools = opts.tools;
  const res = await call(`${ep.baseUrl}/chat/completions`, { method: "POST", headers: headersOf(ep.apiKey, "text/event-stream", true), body: JSON.stringify(body) }, opts.signal);
  if (!res.body) throw new ProviderError(res.status, "empty answer");
  let content = "";
  let finishReason: string | null = null;
  const calls: { id: string; name: string; arguments: string }[] = [];
  let failure: ProviderError | null = null;
  try {
    await readSse(res.body, (data) => {
      if (data.trim() === "[DONE]") return true;
      let chunk: {
        choices?: { delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason?: string | null }[];
        error?: { message?: string };
      };
      try {
        chunk = JSON.parse(data);
      } catch {
        return;
      }
      if (chunk.error) {
        failure = new ProviderError(null, chunk.error.message ?? "error in the stream");
        return true;
      }
      const choice = chunk.choices?.[0];
      if (!choice) return;
      const piece = choice.delta?.content;
      if (piece) {
        content += piece;
        opts.onText(piece);
      }
      for (const tc of choice.delta?.tool_calls ?? []) {
        const i = tc.index ?? calls.length;
        calls[i] ??= { id: "", name: "", arguments: "" };
        if (tc.id) calls[i].id = tc.id;
        if (tc.function?.name) calls[i].name += tc.function.name;
        if (tc.function?.arguments) calls[i].arguments += tc.function.arguments;
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    });
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason ?? e;
    throw e instanceof ProviderError ? e : new ProviderError(null, String((e as Error)?.message ?? e));
  }
  if (opts.signal?.aborted) throw opts.signal.reason;
  if (failure) throw failure;
  const toolCalls = calls.filter((c) => c && c.name).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
  return { content, toolCalls, finishReason };
}

/** One completion without streaming: its text. */
export async function completeChat(ep: ModelEndpoint, messages: ModelMessage[], signal?: AbortSignal): Promise<string> {
  const res = await call(`${ep.baseUrl}/chat/completions`, {
    method: "POST", headers: headersOf(ep.apiKey, "application/json", true), body: JSON.stringify({ model: ep.model, messages, stream: false }),
  }, signal);
  const json = await res.json().catch(() => null) as { choices?: { message?: { content?: string | null } }[] } | null;
  const text = json?.choices?.[0]?.message?.content;
  if (typeof text !== "string") throw new ProviderError(res.status, "no message in the answer");
  return text;
}

/** The ids of the models the endpoint lists. */
export async function listModels(ep: Omit<ModelEndpoint, "model">, signal?: AbortSignal): Promise<string[]> {
  const res = await call(`${ep.baseUrl}/models`, { method: "GET", headers: headersOf(ep.apiKey, "application/json", false) }, signal);
  const json = await res.json().catch(() => null) as { data?: { id?: unknown }[]; models?: { name?: unknown }[] } | null;
  if (!json || (!Array.isArray(json.data) && !Array.isArray(json.models))) throw new ProviderError(res.status, "not a model list");
  const ids = (json.data ?? []).map((m) => m.id).concat((json.models ?? []).map((m) => m.name));
  return ids.filter((id): id is string => typeof id === "string").slice(0, 500);
}
