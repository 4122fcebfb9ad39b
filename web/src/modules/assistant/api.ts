// The AI assistant's calls (shared/assistant/api.ts lists them; base /api/assistants). The streaming calls answer
// text/event-stream: readStream parses it from the response body as it arrives (fetch + ReadableStream), so the
// bearer token and its refresh work as for every other call.
import type {
  AssistantDetail, AssistantStatus, AssistantSummary, Chat, ChatMessage, Favorite, PersonaItem, PersonaItemInput,
  ProviderBody, ProviderSettings, ProviderTestAnswer, StreamEvent, ToolInfo,
} from "@shared/assistant/api.ts";
import type { AssistantCategory } from "@shared/assistant/constants.ts";
import { api, authorized } from "../../lib/api.ts";

const BASE = "/api/assistants";

export const fetchStatus = (signal?: AbortSignal) => api<AssistantStatus>(`${BASE}/status`, { signal });
export const fetchTools = (signal?: AbortSignal) => api<ToolInfo[]>(`${BASE}/tools`, { signal });
export const fetchList = (signal?: AbortSignal) => api<AssistantSummary[]>(`${BASE}/list`, { signal });
export const fetchDetail = (id: number, signal?: AbortSignal) => api<AssistantDetail>(`${BASE}/${id}/detail`, { signal });
export const deleteAssistant = (id: number) => api<null>(`${BASE}/${id}`, { method: "DELETE" });

export const fetchFavorites = (signal?: AbortSignal) => api<Favorite[]>(`${BASE}/favorites`, { signal });
export const addFavorite = (assistantId: number, title: string) =>
  api<Favorite>(`${BASE}/favorites`, { method: "POST", form: { assistantId, title } });
export const removeFavorite = (id: number) => api<null>(`${BASE}/favorites/${id}`, { method: "DELETE" });

export interface SaveInput {
  id?: number;
  icon: string;
  title: string;
  description: string;
  systemPrompt: string;
  starter: string[];
  category: AssistantCategory;
  organId: number | null;
  includeSubOrganizations: boolean;
  files: File[];
  removeFiles: number[];
}

/** POST save: multipart form (repeated starter, files and removeFiles). */
export async function saveAssistant(v: SaveInput): Promise<AssistantDetail> {
  const form = new FormData();
  if (v.id) form.set("id", String(v.id));
  form.set("icon", v.icon);
  form.set("title", v.title);
  form.set("description", v.description);
  form.set("systemPrompt", v.systemPrompt);
  for (const s of v.starter) form.append("starter", s);
  form.set("category", v.category);
  if (v.organId) form.set("organId", String(v.organId));
  form.set("includeSubOrganizations", String(v.includeSubOrganizations));
  for (const f of v.files) form.append("files", f, f.name);
  for (const id of v.removeFiles) form.append("removeFiles", String(id));
  const res = await authorized(`${BASE}/save`, { method: "POST", body: form, headers: { accept: "application/json" } });
  return await res.json() as AssistantDetail;
}

export const fetchPersona = (signal?: AbortSignal) => api<PersonaItem[]>(`${BASE}/persona`, { signal });
export const savePersona = (items: PersonaItemInput[]) => api<PersonaItem[]>(`${BASE}/persona`, { method: "POST", json: items });

export const fetchChats = (signal?: AbortSignal) => api<Chat[]>(`${BASE}/chats/my`, { signal });
export const createChat = (assistantId: number | null, personaFlag: number, title = "") =>
  api<Chat>(`${BASE}/chats`, { method: "POST", json: { assistantId, title, personaFlag } });
export const renameChat = (chatId: number, title: string) => api<Chat>(`${BASE}/chats/${chatId}/title`, { method: "POST", form: { title } });
export const fetchMessages = (chatId: number, signal?: AbortSignal) => api<ChatMessage[]>(`${BASE}/chats/${chatId}/messages`, { signal });
export const deleteChat = (chatId: number) => api<null>(`${BASE}/chats/${chatId}`, { method: "DELETE" });
export const deleteAllChats = () => api<null>(`${BASE}/chats`, { method: "DELETE" });
export const stopAnswer = (chatId: number, messageId: number) =>
  api<ChatMessage>(`${BASE}/chats/${chatId}/messages/${messageId}/stop`, { method: "POST" });

export const fetchProvider = (signal?: AbortSignal) => api<ProviderSettings>(`${BASE}/provider`, { signal });
export const saveProvider = (body: ProviderBody) => api<ProviderSettings>(`${BASE}/provider`, { method: "PUT", json: body });
export const deleteProvider = () => api<null>(`${BASE}/provider`, { method: "DELETE" });
export const testProvider = (body?: ProviderBody) =>
  api<ProviderTestAnswer>(`${BASE}/provider/test`, { method: "POST", json: body ?? {} });

/** POST chats/{c}/streaming: asks a question; the answer's events go to onEvent as they arrive. */
export async function streamQuestion(
  chatId: number,
  body: { assistantId: number | null; message: string; personaFlag: number },
  onEvent: (e: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const form = new URLSearchParams({ message: body.message, personaFlag: String(body.personaFlag) });
  if (body.assistantId) form.set("assistantId", String(body.assistantId));
  const res = await authorized(`${BASE}/chats/${chatId}/streaming`, {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/event-stream" },
    signal,
  });
  await readStream(res, onEvent);
}

/** GET chats/{c}/streaming/{m}: re-attaches to a running answer ("start", the answer so far, then the rest). */
export async function attachStream(chatId: number, messageId: number, onEvent: (e: StreamEvent) => void, signal: AbortSignal) {
  const res = await authorized(`${BASE}/chats/${chatId}/streaming/${messageId}`, { headers: { accept: "text/event-stream" }, signal });
  await readStream(res, onEvent);
}

/** Server-sent events from a response body: `event: <type>` and `data: <JSON>` lines, a blank line between. */
export async function readStream(res: Response, onEvent: (e: StreamEvent) => void): Promise<void> {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      const event = parseBlock(block);
      if (event) onEvent(event);
    }
  }
  const last = parseBlock(buffer);
  if (last) onEvent(last);
}

export function parseBlock(block: string): StreamEvent | null {
  let type = "message";
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") type = value;
    else if (field === "data") data.push(value);
  }
  if (!data.length) return null;
  try {
    const parsed = JSON.parse(data.join("\n")) as Record<string, unknown>;
    return { ...parsed, type: (parsed.type as string) ?? type } as StreamEvent;
  } catch {
    return null;
  }
}
