// The wiki's HTTP API (001 §7 "Wiki (base api/wiki)"; the calls and their shapes: shared/wiki/). Every call needs
// a signed-in user of a company with the wiki switched on (companies.use_wiki): otherwise 403 wiki.disabled.
// Who may do what: access.ts. Ids in paths are numeric ({[0-9]+}) so fixed paths (docs/summaries, docs/search,
// docs/import, docs/permissions/{id}) never reach a docs/{id} route.
//
// Layout (each folder mounts its own calls under /api/wiki):
//   docs/         get, summary, summaries (tree and database rows), create, patch, move, rollback, delete,
//                 trash (list, restore, purge) and the trash purge job
//   versions/     the version list and one version
//   properties/   database properties, select options, and row values
//   permissions/  a document's permission members
//   personal/     favourites, recent documents and last read
//   search/       docs/search (the two-syllable index)
//   files/        attach, attach info, the bytes (files/{fileId}?token=)
//   transfer/     Markdown export (one document or a subtree as a zip) and import
//   collab/       the live editor's WebSocket (docs/{id}/collab: Yjs) and the save of its merged document
//   content/      (no calls) the text's forms (html.ts) and the one writer of title, text and versions (store.ts)
import { Hono } from "hono";
import { WIKI_ERRORS } from "../../../shared/wiki/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { collabRoutes } from "./collab/routes.ts";
import { docRoutes } from "./docs/routes.ts";
import { fileRoutes, fileBytesRoutes } from "./files/routes.ts";
import { permissionRoutes } from "./permissions/routes.ts";
import { personalRoutes } from "./personal/routes.ts";
import { propertyRoutes } from "./properties/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { transferRoutes } from "./transfer/routes.ts";
import { versionRoutes } from "./versions/routes.ts";

export const wikiEnabled = moduleGate("useWiki", WIKI_ERRORS.disabled);

export function wikiRoutes() {
  const r = new Hono<AppEnv>();
  r.route("/", collabRoutes()); // before the auth middleware: a WebSocket authenticates by subprotocol
  r.route("/", fileBytesRoutes()); // before the auth middleware: an <img> sends no bearer (a signed token instead)
  r.use("/api/wiki/*", requireAuth, wikiEnabled);
  r.route("/api/wiki", searchRoutes()); // before docRoutes: docs/search is not docs/{id}
  r.route("/api/wiki", permissionRoutes()); // docs/permissions/{id} is not docs/{id}
  r.route("/api/wiki", transferRoutes()); // docs/import
  r.route("/api/wiki", docRoutes());
  r.route("/api/wiki", versionRoutes());
  r.route("/api/wiki", propertyRoutes());
  r.route("/api/wiki", personalRoutes());
  r.route("/api/wiki", fileRoutes());
  return r;
}
