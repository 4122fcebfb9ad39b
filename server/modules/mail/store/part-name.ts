// The file name given to an attachment that arrives without one (parse.ts lists it so): its type's usual
// extension, so that the saved file opens with the right program.
/** Extensions for a nameless part's common types, so that the saved file opens with the right program. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/gzip": "gz",
  "application/x-7z-compressed": "7z",
  "application/vnd.rar": "rar",
  "application/x-rar-compressed": "rar",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/x-hwp": "hwp",
  "application/haansofthwp": "hwp",
  "application/vnd.hancom.hwp": "hwp",
  "application/vnd.hancom.hwpx": "hwpx",
  "application/json": "json",
  "application/xml": "xml",
  "application/rtf": "rtf",
  "application/ics": "ics",
  "text/plain": "txt",
  "text/html": "html",
  "text/csv": "csv",
  "text/xml": "xml",
  "text/rfc822-headers": "txt",
  "message/delivery-status": "txt",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/bmp": "bmp",
  "image/tiff": "tif",
  "image/svg+xml": "svg",
  "image/heic": "heic",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "video/mp4": "mp4",
};

/**
 * A name for a part that has none: "attachment-2.pdf". The extension is the type's usual one; an unknown type
 * whose subtype is a short plain word keeps it (image/avif → .avif); anything else is ".bin" (a cut-off
 * "octetstr" or "x-unknown-thing" would only confuse).
 */
export function nameForUnnamedPart(mimeType: string, position: number): string {
  const type = mimeType.toLowerCase().split(";")[0].trim();
  if (type === "message/rfc822" || type === "message/global") return `message-${position + 1}.eml`;
  if (type === "text/calendar") return `invite-${position + 1}.ics`;
  const subtype = type.split("/")[1] ?? "";
  const ext = EXTENSIONS[type] ?? (/^[a-z0-9]{2,5}$/.test(subtype) ? subtype : type.startsWith("text/") ? "txt" : "bin");
  return `attachment-${position + 1}.${ext}`;
}
