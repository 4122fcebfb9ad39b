// A file's kind from its extension: the drive's fileType for files, the icon the UI draws and the external
// drive's categories (001 §3 "External file": image, folder, document, video, pdf, archive, presentation,
// spreadsheet). No imports but the constants.
import type { FileKind } from "./constants.ts";

const KINDS: Record<string, FileKind> = {};
const add = (kind: FileKind, exts: string) => exts.split(" ").forEach((e) => (KINDS[e] = kind));
add("image", "jpg jpeg png gif bmp webp svg tif tiff heic ico");
add("document", "doc docx hwp hwpx odt rtf pages");
add("spreadsheet", "xls xlsx xlsm ods csv numbers");
add("presentation", "ppt pptx odp key");
add("pdf", "pdf");
add("video", "mp4 mov avi mkv webm wmv m4v");
add("audio", "mp3 wav m4a aac flac ogg");
add("archive", "zip 7z rar tar gz tgz bz2 xz alz egg");
add("text", "txt md log json xml html htm yaml yml ini eml");

/** The extension of a name: lower case, without the dot; "" when there is none (".bashrc" has none). */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf(".");
  return i > 0 && i < name.length - 1 ? name.slice(i + 1).toLowerCase() : "";
}

export function kindOf(extension: string): FileKind {
  return KINDS[extension.toLowerCase()] ?? "file";
}
