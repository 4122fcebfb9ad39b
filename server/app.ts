// Builds the Hono app from the modules. No side effects: tests call app.request() on it.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv } from "./lib/context.ts";
import { AppError, errorBody, renderError } from "./lib/errors.ts";
import { checkRequestUrl } from "./lib/request-input.ts";
import { securityHeaders } from "./lib/security-headers.ts";

const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Uploads that set a larger limit of their own on their route (mail restore, attachments). */
const OWN_BODY_LIMIT_PATHS = new Set(["/api/mails/import", "/api/mail/file/upload", CALENDAR_IMPORT_PATH, ...CONTACT_IMPORT_PATHS, DRIVE_UPLOAD_PATH, APPROVAL_UPLOAD_PATH, BOARD_UPLOAD_PATH, ASSISTANT_SAVE_PATH]);
import { authRoutes } from "./modules/auth/routes.ts";
import { signupRoutes } from "./modules/signup/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { companyRoutes } from "./modules/company/routes.ts";
import { organizationRoutes } from "./modules/organizations/routes.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { announcementRoutes } from "./modules/announcements/routes.ts";
import { shareLinkRoutes } from "./modules/share-links/routes.ts";
import { shareRoutes } from "./modules/share/routes.ts";
import { mailRoutes } from "./modules/mail/routes.ts";
import { sharedMailRoutes } from "./modules/mail/shared/routes.ts";
import { calendarRoutes } from "./modules/calendar/routes.ts";
import { CALENDAR_IMPORT_PATH, calendarInoutRoutes } from "./modules/calendar/inout/routes.ts";
import { calendarAlarmRoutes } from "./modules/calendar/alarms/routes.ts";
import { contactRoutes } from "./modules/contacts/routes.ts";
import { contactAutocomplete, customerAutocomplete } from "./modules/contacts/autocomplete.ts";
import { customerRoutes } from "./modules/contacts/customers/routes.ts";
import { CONTACT_IMPORT_PATHS, contactInoutRoutes } from "./modules/contacts/inout/routes.ts";
import { webRoutes } from "./web.ts";
import { TUS_PATH } from "../shared/drive/transfer.ts";
import { realtimeRoutes } from "./realtime/routes.ts";
import { davRoutes } from "./dav/routes.ts";
import { caldavProvider } from "./modules/calendar/dav/provider.ts";
import { carddavProvider } from "./modules/contacts/dav/provider.ts";
import { sharedWebdavProvider, webdavProvider } from "./modules/drive/dav/provider.ts";
import { externalServiceRoutes } from "./modules/external-services/routes.ts";
import { externalCalendarRoutes } from "./modules/calendar/external/routes.ts";
import { externalDriveRoutes } from "./modules/drive/external/routes.ts";
import { DRIVE_UPLOAD_PATH, driveRoutes } from "./modules/drive/routes.ts";
import { approvalRoutes } from "./modules/approval/routes.ts";
import { leaveRoutes } from "./modules/leave/routes.ts";
import { boardRoutes } from "./modules/board/routes.ts";
import { wikiRoutes } from "./modules/wiki/routes.ts";
import { todoRoutes } from "./modules/todo/routes.ts";
import { flowRoutes } from "./modules/flow/routes.ts";
import { APPROVAL_UPLOAD_PATH } from "./modules/approval/documents/routes.ts";
import { BOARD_UPLOAD_PATH } from "./modules/board/posts/routes.ts";
import { WIKI_UPLOAD_PATH } from "./modules/wiki/files/upload-paths.ts";
import { TODO_UPLOAD_PATH } from "./modules/todo/details/upload-paths.ts";
import { FLOW_UPLOAD_PATH } from "./modules/flow/details/upload-paths.ts";
import { driveLinkRoutes } from "./modules/drive/share/link-viewer.ts";
import { RESOURCE_IMAGE_PATH, resourceRoutes } from "./modules/resource/routes.ts";
import { messengerRoutes } from "./modules/messenger/routes.ts";
import { MESSENGER_UPLOAD_PATH } from "./modules/messenger/upload-paths.ts";
import { registerMessengerRealtime } from "./modules/messenger/realtime.ts";
import { registerMessengerSockets } from "./modules/messenger/socket-rule.ts";
import { ASSISTANT_SAVE_PATH, assistantRoutes } from "./modules/assistant/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { homeRoutes } from "./modules/home/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";

function clientIp(c: { env?: AppEnv["Bindings"]; req: { header(n: string): string | undefined } }, trustProxy: boolean) {
  if (trustProxy) {
    // The right-most entry is the one the trusted proxy appended; those left of it are the client's word.
    const fwd = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (fwd) return fwd;
  }
  return c.env?.remoteAddr?.hostname ?? "127.0.0.1";
}

export function buildApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // First, so that every response gets them: errors, 404s and the body limit's 413 included.
  app.use("*", securityHeaders());

  // No call of the platform takes more than this; uploads (mail, drive) will set their own larger limits.
  const apiLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new AppError(413, "common.413"); } });
  app.use("/api/*", (c, next) =>
    OWN_BODY_LIMIT_PATHS.has(c.req.path) || c.req.path.startsWith(TUS_PATH) || RESOURCE_IMAGE_PATH.test(c.req.path) || WIKI_UPLOAD_PATH.test(c.req.path) ||
      TODO_UPLOAD_PATH.test(c.req.path) || FLOW_UPLOAD_PATH.test(c.req.path) || MESSENGER_UPLOAD_PATH.test(c.req.path) ? next() : apiLimit(c, next));
  app.use("/oauth/*", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new AppError(413, "common.413"); } }));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("ip", clientIp(c, deps.config.TRUST_PROXY));
    c.set("userAgent", (c.req.header("user-agent") ?? "").slice(0, 300));
    await next();
  });
  // Text the database cannot store (NUL, lone surrogates) in the path or query answers 400 before any route;
  // bodies are checked where they are read (readBody, the streamed form reader).
  app.use("*", checkRequestUrl);

  app.route("/", authRoutes());
  app.route("/", signupRoutes());
  app.route("/", userRoutes());
  app.route("/", companyRoutes());
  app.route("/", organizationRoutes([contactAutocomplete, customerAutocomplete])); // autocomplete: users, organisations, cards
  app.route("/", accountRoutes());
  app.route("/", adminRoutes());
  app.route("/", shareLinkRoutes()); // before shareRoutes: /api/share/links/... are not {moduleType}/{objectId}
  app.route("/", sharedMailRoutes()); // before shareRoutes: PUT /api/share/mails/readStatus is not {moduleType}/{objectId}
  app.route("/", shareRoutes());
  app.route("/", realtimeRoutes());
  app.route("/", announcementRoutes());
  app.route("/", mailRoutes());
  app.route("/", calendarRoutes());
  app.route("/", calendarInoutRoutes()); // invitations by mail, ICS in and out, holidays
  app.route("/", contactInoutRoutes()); // before contactRoutes: import and export of cards
  app.route("/", contactRoutes());
  app.route("/", customerRoutes()); // the shared customer address book
  app.route("/", externalServiceRoutes()); // OAuth 2.0 connections (/oauth2/..., /login/oauth2/code/..., /api/oauth2/...)
  app.route("/", externalCalendarRoutes()); // Google calendars (/api/external/calendars)
  app.route("/", externalDriveRoutes()); // the drive's Google Drive (/api/external/token, /api/external/drive)
  app.route("/", calendarAlarmRoutes()); // alarm settings (the alarms fire from the job: calendar/alarms/job.ts)
  app.route("/", driveRoutes()); // the drive's files and folders (transfer/, external/, dav/ mount their own)
  app.route("/", driveLinkRoutes()); // the share-link viewer's drive calls (a link grant, no sign-in)
  app.route("/", resourceRoutes()); // resource booking (/api/resource: resources, types, bookings, images)
  app.route("/", approvalRoutes()); // electronic approval (/api/approval)
  app.route("/", leaveRoutes()); // leave and HR (/api/leaves, /api/hr/leaves)
  app.route("/", boardRoutes()); // boards (/api/board, and /api/mails/share/board/form/{mailId})
  app.route("/", wikiRoutes()); // the wiki (/api/wiki, and its live editor's WebSocket)
  app.route("/", todoRoutes()); // to-do workspaces and boards (/api/todo)
  app.route("/", flowRoutes()); // flow projects and tasks (/api/flow, and /api/mails/flow/tasks)
  app.route("/", messengerRoutes()); // the messenger (/api/messenger; its realtime: registerMessengerRealtime)
  app.route("/", assistantRoutes()); // the AI assistant (/api/assistants: agents, chats, SSE answers, the model provider)
  app.route("/", searchRoutes()); // the search across modules (GET /api/search: each module's own search, its permissions)
  app.route("/", homeRoutes()); // the home dashboard (/api/users/dashboard: layout, bookmarks, notepad, widget data; /api/admin/dashboard/default)
  app.route("/", notificationRoutes()); // the bell (/api/notifications: list, read, delete, mail settings)
  registerMessengerRealtime(deps); // the hub's loader of messages for room topics (on this app's hub)
  registerMessengerSockets(deps); // /ws: room topics for members, presence, the messenger's token (on this app's realtime)

  app.route("/", davRoutes([caldavProvider, carddavProvider, webdavProvider, sharedWebdavProvider])); // /dav/ and /.well-known/caldav|carddav (server/dav); /dav/files/ and /dav/shared/: the drive's WebDAV

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  const web = deps.webDir === null ? null : webRoutes(deps.webDir);
  if (web) app.route("/", web);

  app.notFound((c) => c.json(errorBody("common.404"), 404));
  app.onError((err, c) => renderError(err, c, (m, e) => deps.log.error(m, e)));
  return app;
}
