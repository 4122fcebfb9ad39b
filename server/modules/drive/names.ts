// Drive item names (001 §5 "Drive"; issue 25): NFC (macOS sends NFD), trimmed, required, folders at most
// FOLDER_NAME_MAX characters, files FILE_NAME_MAX characters and 255 bytes of UTF-8; no "/" or "\", no control
// characters, not "." or "..". Unique per folder ignoring case (sort_name, the lower-cased name); an upload or
// copy into a folder where the name is taken gets "name (1).ext", "name (2).ext", ...
import { FILE_NAME_MAX, FOLDER_NAME_MAX } from "../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../shared/drive/errors.ts";
import { extensionOf } from "../../../shared/drive/kinds.ts";
import { AppError } from "../../lib/errors.ts";

const FILE_NAME_BYTES = 255;
// deno-lint-ignore no-control-regex -- control characters are what it finds
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/** The stored form of a name, or 400 with the drive's code. */
export function checkName(raw: string, folder: boolean): string {
  const name = raw.normalize("NFC").trim();
  if (!name) throw new AppError(400, DRIVE_ERRORS.nameRequired);
  if ([...name].length > (folder ? FOLDER_NAME_MAX : FILE_NAME_MAX)) throw new AppError(400, DRIVE_ERRORS.nameTooLong);
  if (!folder && new TextEncoder().encode(name).length > FILE_NAME_BYTES) throw new AppError(400, DRIVE_ERRORS.nameTooLong);
  if (FORBIDDEN.test(name) || name === "." || name === "..") throw new AppError(400, DRIVE_ERRORS.nameInvalid);
  return name;
}

/** The key of a name for uniqueness and the name sort. */
export function sortNameOf(name: string): string {
  return name.toLowerCase();
}

/** The n-th free variant of a name: "report.pdf" → "report (2).pdf"; folders (and names without an extension) get it at the end. */
export function numbered(name: string, n: number, folder: boolean): string {
  const ext = folder ? "" : extensionOf(name);
  const base = ext ? name.slice(0, name.length - ext.length - 1) : name;
  const suffix = ` (${n})`;
  const tail = ext ? `.${name.slice(name.length - ext.length)}` : "";
  // Keep within the limits: shorten the base, never the suffix or the extension.
  const max = (folder ? FOLDER_NAME_MAX : FILE_NAME_MAX) - suffix.length - tail.length;
  const chars = [...base];
  return `${chars.length > max ? chars.slice(0, Math.max(1, max)).join("") : base}${suffix}${tail}`;
}

/** The first of name, "name (1)", "name (2)", ... whose key is not taken. */
export function freeName(name: string, taken: ReadonlySet<string>, folder: boolean): string {
  if (!taken.has(sortNameOf(name))) return name;
  for (let n = 1;; n++) {
    const candidate = numbered(name, n, folder);
    if (!taken.has(sortNameOf(candidate))) return candidate;
  }
}
