// The AI assistant's HTTP API under /api/assistants (002 §7; the call list: shared/assistant/api.ts). Every call
// needs a signed-in user; all but GET status need a company the plan rule allows (access.ts: 403
// assistant.not_available). Fetch, list and save answer 200, deletes 204, POST chats 201; the streaming calls
// answer text/event-stream (streaming.ts). POST save reads a multipart form as it streams (files kept off the
// app's general body limit: ASSISTANT_SAVE_PATH), or JSON / a plain form without files.
//
// Files of the module:
//   access.ts      plan rule, visibility by organisation, owner-or-admin
//   assistants.ts  list, one, detail, save, delete;  knowledge.ts  the files and their text
//   favorites.ts, persona.ts, chats.ts
//   provider.ts    the company's model endpoint (key encrypted);  model-client.ts  the OpenAI-compatible client
//   prompt.ts      what the model is given;  tools.ts  the TOOLS category's tools
//   generation.ts  running answers (background task, flushes, stop, the sweep of dead instances' answers)
//   streaming.ts   the SSE streams;  jobs.ts  the sweep's timed job
import { Hono } from "hono";
import { z } from "zod";
import {
  chatTitleBody, createChatBody, favoriteBody, personaBody, providerBody, saveFields, streamingBody,
} from "../../../shared/assistant/api.ts";
import { ASSISTANT_FILE_MAX_BYTES, ASSISTANT_FILES_MAX } from "../../../shared/assistant/constants.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { checkInput } from "../../lib/request-input.ts";
import { readStreamingForm } from "../../lib/multipart/stream-form.ts";
import { tempDirOf } from "../../lib/multipart/temp-files.ts";
import { body, parseWith, readBody } from "../../lib/validate.ts";
import { requireAvailable } from "./access.ts";
import * as assistants from "./assistants.ts";
import * as chats from "./chats.ts";
import * as favorites from "./favorites.ts";
import { fileTooLarge } from "./knowledge.ts";
import * as persona from "./persona.ts";
import * as provider from "./provider.ts";
import { ask, reattach, sseResponse, stopAnswer } from "./streaming.ts";
import { toolInfos } from "./tools.ts";

/** The call that reads a large body itself: server/app.ts keeps its general body limit off it. */
export const ASSISTANT_SAVE_PATH = "/api/assistants/save";
const FORM_OVERHEAD = 1024 * 1024;
const B = "/api/assistants";

function pathId(c: AppContext, name: string, code: `${string}.${string}`): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, code);
  return Number(raw);
}
const assistantId = (c: AppContext) => pathId(c, "a", ASSISTANT_ERRORS.notFound);
const chatId = (c: AppContext) => pathId(c, "c", ASSISTANT_ERRORS.chatNotFound);
const messageId = (c: AppContext) => pathId(c, "m", ASSISTANT_ERRORS.messageNotFound);

/** A form's organId: empty or "null" is the whole company. */
const organOf = (v: unknown) => (v === "" || v === "null" ? null : v);

const providerTestBody = providerBody.extend({ model: z.string().trim().max(200).default("") });

async function saveCall(c: AppContext) {
  const caller = callerOf(c);
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
    const raw = await readBody(c);
    const input = parseWith(saveFields, { ...raw, organId: organOf(raw.organId) });
    return c.json(await assistants.save(caller, input, []));
  }
  const form = await readStreamingForm(c.req.raw, {
    tmpDir: await tempDirOf(caller.deps.config.DATA_DIR),
    maxBodyBytes: ASSISTANT_FILES_MAX * ASSISTANT_FILE_MAX_BYTES + FORM_OVERHEAD,
    maxFileBytes: ASSISTANT_FILE_MAX_BYTES,
    maxFiles: ASSISTANT_FILES_MAX,
    maxFields: 150,
    tooLarge: fileTooLarge,
    malformed: () => new AppError(400, "common.400"),
  });
  try {
    const listOf = (name: string) => [...form.all(name), ...form.all(`${name}[]`)];
    const raw: Record<string, unknown> = Object.fromEntries(form.fields);
    const input = parseWith(saveFields, { ...raw, organId: organOf(raw.organId), starter: listOf("starter"), removeFiles: listOf("removeFiles") });
    const files = form.files.filter((f) => f.field === "files" || f.field === "files[]");
    return c.json(await assistants.save(caller, input, files));
  } finally {
    await form.dispose();
  }
}

export function assistantRoutes() {
  const r = new Hono<AppEnv>();
  r.use(`${B}/*`, requireAuth);
  r.use(B, requireAuth);
  // Any signed-in user: whether the assistant is available and connected (the shell's button).
  r.get(`${B}/status`, async (c) => c.json(await provider.status(callerOf(c))));
  r.use(`${B}/*`, requireAvailable);

  r.get(`${B}/tools`, (c) => c.json(toolInfos()));
  r.get(`${B}/favorites`, async (c) => c.json(await favorites.list(callerOf(c))));
  r.post(`${B}/favorites`, async (c) => c.json(await favorites.add(callerOf(c), await body(c, favoriteBody))));
  r.delete(`${B}/favorites/:id`, async (c) => {
    await favorites.remove(callerOf(c), pathId(c, "id", ASSISTANT_ERRORS.favoriteNotFound));
    return c.body(null, 204);
  });

  r.get(`${B}/persona`, async (c) => c.json(await persona.list(callerOf(c))));
  r.post(`${B}/persona`, async (c) => {
    const raw = await c.req.json().catch(() => {
      throw new AppError(400, "common.400");
    });
    // A list (or { items: [...] }), checked as every body is (storable text, list length), then validated.
    const items = Array.isArray(raw) ? raw : (raw as { items?: unknown })?.items;
    checkInput({ items });
    return c.json(await persona.replace(callerOf(c), parseWith(personaBody, items)));
  });

  r.get(`${B}/provider`, async (c) => c.json(await provider.settings(callerOf(c))));
  r.put(`${B}/provider`, async (c) => c.json(await provider.save(callerOf(c), await body(c, providerBody))));
  r.delete(`${B}/provider`, async (c) => {
    await provider.remove(callerOf(c));
    return c.body(null, 204);
  });
  r.post(`${B}/provider/test`, async (c) => {
    const raw = await readBody(c);
    return c.json(await provider.test(callerOf(c), Object.keys(raw).length === 0 ? null : parseWith(providerTestBody, raw)));
  });

  r.get(`${B}/chats/my`, async (c) => c.json(await chats.list(callerOf(c))));
  r.post(`${B}/chats`, async (c) => c.json(await chats.create(callerOf(c), await body(c, createChatBody)), 201));
  r.delete(`${B}/chats`, async (c) => {
    await chats.remove(callerOf(c));
    return c.body(null, 204);
  });
  r.post(`${B}/chats/:c/title`, async (c) => c.json(await chats.rename(callerOf(c), chatId(c), (await body(c, chatTitleBody)).title)));
  r.get(`${B}/chats/:c/messages`, async (c) => c.json(await chats.messages(callerOf(c), chatId(c))));
  r.delete(`${B}/chats/:c`, async (c) => {
    await chats.remove(callerOf(c), chatId(c));
    return c.body(null, 204);
  });
  r.post(`${B}/chats/:c/streaming`, async (c) => {
    const id = chatId(c);
    const raw = await readBody(c);
    const answer = await ask(callerOf(c), id, parseWith(streamingBody, raw), raw.personaFlag !== undefined && raw.personaFlag !== "");
    return sseResponse((sink) => answer.attach(sink));
  });
  r.get(`${B}/chats/:c/streaming/:m`, async (c) => await reattach(callerOf(c), chatId(c), messageId(c)));
  r.post(`${B}/chats/:c/messages/:m/stop`, async (c) => c.json(await stopAnswer(callerOf(c), chatId(c), messageId(c))));

  r.get(`${B}/list`, async (c) => c.json(await assistants.list(callerOf(c))));
  r.post(ASSISTANT_SAVE_PATH, saveCall);
  r.get(`${B}/:a/detail`, async (c) => c.json(await assistants.detail(callerOf(c), assistantId(c))));
  r.get(`${B}/:a`, async (c) => c.json(await assistants.summary(callerOf(c), assistantId(c))));
  r.delete(`${B}/:a`, async (c) => {
    await assistants.remove(callerOf(c), assistantId(c));
    return c.body(null, 204);
  });
  return r;
}
