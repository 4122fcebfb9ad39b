// The upload of one attached file as the modules take it (flow and to-do task files, board and wiki files,
// approval attachments, messenger files): a multipart form streamed to a temporary file, cut off with the
// module's 413 the moment the file passes its limit, one file in `field` (400 common.validation without it),
// handed to `use` and removed after, whatever `use` did.
import { AppError } from "../errors.ts";
import { readStreamingForm, type StreamedFile, type StreamedForm } from "./stream-form.ts";
import { tempDirOf } from "./temp-files.ts";

/** Room for the form's other fields and part headers around the file. */
export const ONE_FILE_FORM_OVERHEAD = 1024 * 1024;

export interface OneFileOptions {
  dataDir: string;
  maxFileBytes: number;
  /** The module's 413. */
  tooLarge: () => Error;
  /** The form field of the file. */
  field: "file" | "part";
}

export async function withOneFile<T>(req: Request, opts: OneFileOptions, use: (part: StreamedFile, form: StreamedForm) => Promise<T>): Promise<T> {
  const form = await readStreamingForm(req, {
    tmpDir: await tempDirOf(opts.dataDir),
    maxBodyBytes: opts.maxFileBytes + ONE_FILE_FORM_OVERHEAD,
    maxFileBytes: opts.maxFileBytes,
    maxFiles: 1,
    tooLarge: opts.tooLarge,
    malformed: () => new AppError(400, "common.400"),
  });
  try {
    const part = form.file(opts.field);
    if (!part) throw new AppError(400, "common.validation", undefined, [{ field: opts.field, code: "common.validation", message: "a file is required" }]);
    return await use(part, form);
  } finally {
    await form.dispose();
  }
}
