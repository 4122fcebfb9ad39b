// The messenger's HTTP API under /api/messenger (the call list: shared/messenger/api.ts). Every call needs a
// signed-in user of a company with useMessenger or useTeamChat on (403 messenger.disabled). Ids in paths that
// are not digits answer the module's not-found code, as missing ones do. Who may do what: access.ts and the
// services (rooms.ts, messages.ts, files.ts, search.ts, presence.ts, token.ts).
import { Hono } from "hono";
import {
  browseQuery, createRoomBody, editBody, historyQuery, membersBody, ownerBody, pinBody, presenceQuery, reactionBody, readBody,
  searchQuery, sendBody, settingsBody, updateRoomBody,
} from "../../../shared/messenger/api.ts";
import { FILE_MAX_BYTES, HISTORY_PAGE } from "../../../shared/messenger/constants.ts";
import { MESSENGER_ERRORS } from "../../../shared/messenger/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { withOneFile } from "../../lib/multipart/one-file.ts";
import { body, query } from "../../lib/validate.ts";
import { messengerEnabled } from "./access.ts";
import { addFile, checkUpload, fileBytes, fileTooLarge } from "./files.ts";
import { imageSizeOfFile } from "./image-size.ts";
import * as messages from "./messages.ts";
import { presence } from "./presence.ts";
import * as rooms from "./rooms.ts";
import { search } from "./search.ts";
import { messengerToken } from "./token.ts";


function pathId(c: AppContext, name: string, code: `${string}.${string}`): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw new AppError(404, code);
  return Number(raw);
}
const roomParam = (c: AppContext) => pathId(c, "r", MESSENGER_ERRORS.roomNotFound);
const messageParam = (c: AppContext) => pathId(c, "m", MESSENGER_ERRORS.messageNotFound);

export function messengerRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/messenger/*", requireAuth, messengerEnabled);
  r.route("/api/messenger", roomRoutes());
  r.route("/api/messenger", messageRoutes());
  r.route("/api/messenger", otherRoutes());
  return r;
}

function roomRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/rooms", async (c) => c.json(await rooms.listRooms(callerOf(c))));
  r.get("/rooms/self", async (c) => c.json(await rooms.selfRoom(callerOf(c))));
  r.get("/rooms/browse", async (c) => c.json(await rooms.browseRooms(callerOf(c), query(c, browseQuery).keyword)));
  r.post("/rooms", async (c) => {
    const { status, room } = await rooms.createRoom(callerOf(c), await body(c, createRoomBody));
    return c.json(room, status);
  });
  r.get("/rooms/:r", async (c) => c.json(await rooms.roomDetail(callerOf(c), roomParam(c))));
  r.put("/rooms/:r", async (c) => {
    const id = roomParam(c);
    return c.json(await rooms.updateRoom(callerOf(c), id, await body(c, updateRoomBody)));
  });
  r.delete("/rooms/:r", async (c) => {
    await rooms.deleteRoom(callerOf(c), roomParam(c));
    return c.body(null, 204);
  });
  r.post("/rooms/:r/join", async (c) => c.json(await rooms.joinRoom(callerOf(c), roomParam(c))));
  r.post("/rooms/:r/leave", async (c) => {
    await rooms.leaveRoom(callerOf(c), roomParam(c));
    return c.body(null, 204);
  });
  r.post("/rooms/:r/members", async (c) => {
    const id = roomParam(c);
    return c.json(await rooms.addRoomMembers(callerOf(c), id, (await body(c, membersBody)).userIds));
  });
  r.delete("/rooms/:r/members/:u", async (c) => {
    const id = roomParam(c);
    await rooms.removeMember(callerOf(c), id, pathId(c, "u", MESSENGER_ERRORS.userInvalid));
    return c.body(null, 204);
  });
  r.put("/rooms/:r/owner", async (c) => {
    const id = roomParam(c);
    return c.json(await rooms.changeOwner(callerOf(c), id, (await body(c, ownerBody)).userId));
  });
  r.put("/rooms/:r/settings", async (c) => {
    const id = roomParam(c);
    return c.json(await rooms.roomSettings(callerOf(c), id, await body(c, settingsBody)));
  });
  return r;
}

function messageRoutes() {
  const r = new Hono<AppEnv>();
  r.post("/rooms/:r/read", async (c) => {
    const id = roomParam(c);
    await messages.read(callerOf(c), id, (await body(c, readBody)).messageId);
    return c.body(null, 204);
  });
  r.post("/rooms/:r/typing", async (c) => {
    await messages.typing(callerOf(c), roomParam(c));
    return c.body(null, 204);
  });
  r.get("/rooms/:r/messages", async (c) => c.json(await messages.history(callerOf(c), roomParam(c), query(c, historyQuery))));
  r.get("/rooms/:r/messages/around/:m", async (c) => {
    const size = query(c, historyQuery).size ?? HISTORY_PAGE;
    return c.json(await messages.around(callerOf(c), roomParam(c), messageParam(c), size));
  });
  r.get("/rooms/:r/threads/:m", async (c) => c.json(await messages.thread(callerOf(c), roomParam(c), messageParam(c))));
  r.post("/rooms/:r/messages", async (c) => {
    const id = roomParam(c);
    const { status, message } = await messages.send(callerOf(c), id, await body(c, sendBody));
    return c.json(message, status);
  });
  r.put("/rooms/:r/messages/:m", async (c) => {
    const [room, m] = [roomParam(c), messageParam(c)];
    return c.json(await messages.edit(callerOf(c), room, m, await body(c, editBody)));
  });
  r.delete("/rooms/:r/messages/:m", async (c) => {
    await messages.remove(callerOf(c), roomParam(c), messageParam(c));
    return c.body(null, 204);
  });
  r.put("/rooms/:r/messages/:m/reactions", async (c) => {
    const [room, m] = [roomParam(c), messageParam(c)];
    return c.json(await messages.react(callerOf(c), room, m, (await body(c, reactionBody)).emoji));
  });
  r.post("/rooms/:r/pins", async (c) => {
    const id = roomParam(c);
    return c.json(await messages.pin(callerOf(c), id, (await body(c, pinBody)).messageId));
  });
  r.delete("/rooms/:r/pins/:m", async (c) => {
    await messages.unpin(callerOf(c), roomParam(c), messageParam(c));
    return c.body(null, 204);
  });
  return r;
}

function otherRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/token", async (c) => c.json(await messengerToken(callerOf(c))));
  r.post("/rooms/:r/files", async (c) => {
    const caller = callerOf(c);
    const roomId = roomParam(c);
    await checkUpload(caller, roomId); // before the body is read
    return await withOneFile(c.req.raw, { dataDir: caller.deps.config.DATA_DIR, maxFileBytes: FILE_MAX_BYTES, tooLarge: fileTooLarge, field: "file" }, async (part) => {
      const image = part.type.toLowerCase().startsWith("image/") ? await imageSizeOfFile(part.path) : null;
      const info = await addFile(caller, roomId, { name: part.name, contentType: part.type, size: part.size, image }, () => caller.deps.blobs.putFile(part.path));
      return c.json(info, 201);
    });
  });
  r.get("/files/:f", async (c) => {
    const id = pathId(c, "f", MESSENGER_ERRORS.fileNotFound);
    return await fileBytes(callerOf(c), id, { method: c.req.method, range: c.req.header("range"), download: c.req.query("download") === "1" });
  });
  r.get("/search", async (c) => c.json(await search(callerOf(c), query(c, searchQuery))));
  r.get("/presence", async (c) => {
    const raw = query(c, presenceQuery).userIds;
    const ids = [...new Set(raw.split(",").map((s) => s.trim()).filter((s) => /^\d{1,15}$/.test(s)).map(Number))].slice(0, 500);
    return c.json(await presence(callerOf(c), ids));
  });
  return r;
}
