// Which files get their content indexed: text, PDF and Office (docx, xlsx, pptx, hwpx) files up to
// CONTENT_MAX_FILE_BYTES are 'pending' when stored, and the extraction job (search/extract-job.ts) reads them.
export const CONTENT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const TEXT_EXTENSIONS = new Set(["txt", "md", "log", "csv", "json", "xml", "html", "htm", "yaml", "yml", "ini", "eml"]);
export const OFFICE_EXTENSIONS = new Set(["docx", "xlsx", "pptx", "hwpx"]);

export function contentStateOf(extension: string, size: number): "pending" | "none" {
  if (size <= 0 || size > CONTENT_MAX_FILE_BYTES) return "none";
  return TEXT_EXTENSIONS.has(extension) || OFFICE_EXTENSIONS.has(extension) || extension === "pdf" ? "pending" : "none";
}
