// The drive's Google Drive (shared/drive/external.ts lists the calls). Only when the company has the drive and
// its drive config says useGoogleDrive; otherwise every call answers 404, as a missing route does. The token
// is the caller's google-drive connection of the external-services layer (encrypted at rest there); a user
// has at most one in use: the newest.
import {
  categoryOf, EXPORT_MIME, type ExportFormat, EXTERNAL_DRIVE_ERRORS, EXTERNAL_DRIVE_REGISTRATION, type ExternalDriveType, type ExternalFile,
  type ExternalFileList, type ExternalToken, GOOGLE_EXPORTS, GOOGLE_FOLDER_MIME, GOOGLE_SHORTCUT_MIME,
} from "../../../../shared/drive/external.ts";
import type { ExternalFilesQuery } from "../../../../shared/drive/external-query.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyConfig, companyInfo } from "../../company/service.ts";
import { type ConnectionRow, ownConnections, refreshConnection, removeConnection, setConnectionError } from "../../external-services/connections.ts";
import { finishWithCode, onConnectionStart, startAuthorization } from "../../external-services/flow.ts";
import { ExternalServiceError } from "../../external-services/http.ts";
import { fileContent, getFile, type GoogleFile, listFiles, NotDownloadable, NotFoundAtGoogle } from "./google-drive.ts";
import { listQueryOf } from "./query.ts";

const notFound = () => new AppError(404, DRIVE_ERRORS.notFound);

/** Whether the company's users may use Google Drive in the drive. */
export async function googleDriveEnabled(deps: AppDeps, companyId: number): Promise<boolean> {
  const info = await companyInfo(deps, companyId);
  if (!info.useDrive) return false;
  return ((await companyConfig(deps, companyId, "drive")) as { useGoogleDrive: boolean }).useGoogleDrive;
}

async function requireEnabled(deps: AppDeps, companyId: number) {
  if (!(await googleDriveEnabled(deps, companyId))) throw new AppError(404, "common.404");
}

// Connecting google-drive through the generic popup flow is refused too when the company has it off.
onConnectionStart("GOOGLE_DRIVE", requireEnabled);

const registrationOf = (type: ExternalDriveType) => EXTERNAL_DRIVE_REGISTRATION[type];

async function connectionsOf(caller: Caller, type: ExternalDriveType): Promise<ConnectionRow[]> {
  const rows = await ownConnections(caller.deps.db, caller.auth.companyId, caller.auth.userId, type);
  return rows.filter((r) => r.registrationId === registrationOf(type));
}

async function currentConnection(caller: Caller, type: ExternalDriveType): Promise<ConnectionRow | undefined> {
  return (await connectionsOf(caller, type)).at(-1);
}

function tokenOf(type: ExternalDriveType, row: ConnectionRow | undefined): ExternalToken {
  return {
    externalType: type, connected: !!row, connectionId: row?.id ?? null, username: row?.name ?? null, email: row?.email ?? null,
    errorMessage: row?.errorReason ?? null, expiresAt: row?.expiresAt?.toISOString() ?? null,
  };
}

/** GET /api/external/auth/url/{type}. */
export async function authUrl(caller: Caller, type: ExternalDriveType): Promise<{ url: string }> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  return await startAuthorization(caller, registrationOf(type));
}

/** GET /api/external/token/{type}. */
export async function token(caller: Caller, type: ExternalDriveType): Promise<ExternalToken> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  return tokenOf(type, await currentConnection(caller, type));
}

/** GET /api/external/token?kind=DRIVE: the caller's connected drive services. */
export async function tokens(caller: Caller): Promise<ExternalToken[]> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  const row = await currentConnection(caller, "GOOGLE_DRIVE");
  return row ? [tokenOf("GOOGLE_DRIVE", row)] : [];
}

/** POST /api/external/token/{type}: 400 drive.67 with params { reason } when the code does not give a token. */
export async function saveWithCode(caller: Caller, type: ExternalDriveType, code: string, state: string): Promise<ExternalToken> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  const outcome = await finishWithCode(caller, registrationOf(type), code, state);
  if (outcome.errorMessage) throw new AppError(400, DRIVE_ERRORS.connectFailed, { reason: outcome.errorMessage });
  return tokenOf(type, await currentConnection(caller, type));
}

/** PUT /api/external/token/{type}: refreshed now; 404 without a connection, 502 drive.63 when Google refuses. */
export async function refreshToken(caller: Caller, type: ExternalDriveType): Promise<ExternalToken> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  const row = await currentConnection(caller, type);
  if (!row) throw notFound();
  return tokenOf(type, await guarded(caller.deps, row, () => refreshConnection(caller.deps, row)));
}

/** DELETE /api/external/token/{type}: every drive connection of the caller, revoked at Google. */
export async function disconnect(caller: Caller, type: ExternalDriveType): Promise<void> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  const rows = await connectionsOf(caller, type);
  if (!rows.length) throw notFound();
  try {
    for (const row of rows) await removeConnection(caller, row.id);
  } catch (e) {
    if (e instanceof AppError) throw e;
    caller.deps.log.error("google drive: disconnecting failed", e);
    throw new AppError(502, DRIVE_ERRORS.disconnectFailed);
  }
}

/**
 * Runs a call to Google: its failure becomes 502 drive.63 { reason } and is remembered on the connection
 * (INVALID_TOKEN: the UI asks to connect again); a success clears a remembered failure.
 */
async function guarded<T>(deps: AppDeps, conn: ConnectionRow, run: () => Promise<T>): Promise<T> {
  try {
    const out = await run();
    if (conn.errorReason) await setConnectionError(deps.db, conn.id, null);
    return out;
  } catch (e) {
    if (e instanceof NotFoundAtGoogle) throw notFound();
    if (e instanceof NotDownloadable || e instanceof AppError) throw e;
    const reason = e instanceof ExternalServiceError ? e.reason : "UNKNOWN";
    if (!(e instanceof ExternalServiceError)) deps.log.error("google drive: a call failed", e);
    else deps.log.info(`google drive: connection ${conn.id}: ${e.message}`);
    if (reason !== conn.errorReason && reason !== "NETWORK_ERROR") await setConnectionError(deps.db, conn.id, reason);
    throw new AppError(502, DRIVE_ERRORS.externalListFailed, { reason });
  }
}

async function requireConnection(caller: Caller): Promise<ConnectionRow> {
  await requireEnabled(caller.deps, caller.auth.companyId);
  const row = await currentConnection(caller, "GOOGLE_DRIVE");
  if (!row) throw new AppError(404, "common.404");
  return row;
}

const isGoogleType = (mime: string) => mime.startsWith("application/vnd.google-apps.");

function present(f: GoogleFile): ExternalFile {
  const mimeType = f.mimeType ?? "application/octet-stream";
  const target = f.shortcutDetails?.targetMimeType;
  const size = f.size !== undefined && /^\d{1,18}$/.test(String(f.size)) ? Number(f.size) : null;
  let download: ExternalFile["download"] = null;
  if (mimeType !== GOOGLE_FOLDER_MIME && mimeType !== GOOGLE_SHORTCUT_MIME) {
    download = isGoogleType(mimeType) ? GOOGLE_EXPORTS[mimeType] ?? null : "media";
  }
  return {
    id: f.id, name: f.name ?? "", mimeType, parents: Array.isArray(f.parents) ? f.parents : [],
    webViewLink: typeof f.webViewLink === "string" && /^https?:\/\//.test(f.webViewLink) ? f.webViewLink : null,
    createdTime: f.createdTime ?? null, modifiedTime: f.modifiedTime ?? null,
    owners: (f.owners ?? []).map((o) => ({ displayName: o.displayName ?? "" })),
    ownedByMe: !!f.ownedByMe, shared: !!f.shared, size, exportLinks: f.exportLinks ?? null,
    shortcutDetails: f.shortcutDetails ?? null,
    category: categoryOf(mimeType === GOOGLE_SHORTCUT_MIME && target ? target : mimeType),
    download,
  };
}

/** GET /api/external/drive/files. A folder that is not one (or trashed, or unknown) answers 404 drive.not_found. */
export async function files(caller: Caller, q: ExternalFilesQuery): Promise<ExternalFileList> {
  const conn = await requireConnection(caller);
  const { deps } = caller;
  return await guarded(deps, conn, async () => {
    const [folder, page] = await Promise.all([
      q.folderId && !q.pageToken ? getFile(deps, conn, q.folderId) : Promise.resolve(null),
      listFiles(deps, conn, listQueryOf(q), q.pageSize, q.pageToken),
    ]);
    if (folder && (folder.mimeType !== GOOGLE_FOLDER_MIME || folder.trashed)) throw notFound();
    return {
      files: page.files.map(present), nextPageToken: page.nextPageToken,
      folder: folder ? present(folder) : null,
    };
  });
}

/** GET /api/external/drive/files/{id}. */
export async function file(caller: Caller, id: string): Promise<ExternalFile> {
  const conn = await requireConnection(caller);
  return await guarded(caller.deps, conn, async () => present(await getFile(caller.deps, conn, id)));
}

export interface Download {
  body: ReadableStream<Uint8Array> | null;
  name: string;
  contentType: string;
  length: number | undefined;
}

const withExtension = (name: string, ext: string) => (name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`);

/**
 * GET /api/external/drive/files/{id}/download: a file's bytes as Google keeps them; Google's own types exported
 * (their Office format, or pdf when asked), named with the format's extension. A folder answers 400
 * drive.external_not_a_file, a shortcut 400 drive.shortcut_not_downloadable, a Google type without an export
 * (forms, sites) 400 drive.external_not_downloadable.
 */
export async function download(caller: Caller, id: string, format?: "pdf"): Promise<Download> {
  const conn = await requireConnection(caller);
  const { deps } = caller;
  try {
    return await guarded(deps, conn, async () => {
      const f = present(await getFile(deps, conn, id));
      if (f.mimeType === GOOGLE_FOLDER_MIME) throw new AppError(400, EXTERNAL_DRIVE_ERRORS.notAFile);
      if (f.mimeType === GOOGLE_SHORTCUT_MIME) throw new AppError(400, DRIVE_ERRORS.shortcutNotDownloadable);
      const exportAs: ExportFormat | null = isGoogleType(f.mimeType) ? (format ?? f.download as ExportFormat | null) : null;
      if (isGoogleType(f.mimeType) && !exportAs) throw new NotDownloadable(f.mimeType);
      const res = await fileContent(deps, conn, id, exportAs ? EXPORT_MIME[exportAs] : null);
      const length = Number(res.headers.get("content-length") ?? NaN);
      return {
        body: res.body, name: exportAs ? withExtension(f.name, exportAs) : f.name,
        contentType: exportAs ? EXPORT_MIME[exportAs] : f.mimeType,
        length: Number.isFinite(length) && !res.headers.get("content-encoding") ? length : undefined,
      };
    });
  } catch (e) {
    if (e instanceof NotDownloadable) throw new AppError(400, EXTERNAL_DRIVE_ERRORS.notDownloadable);
    throw e;
  }
}
