// The one check of what a request carries, made before any module sees it (rules in shared/request-input.ts):
// text PostgreSQL cannot store (NUL, lone surrogates) and lists longer than MAX_LIST_ITEMS answer 400
// common.validation naming the field, instead of a database error (500) deep inside a module.
// - checkRequestUrl (app.ts) runs on every request: each path segment decoded as route parameters see it, each
//   query name and value;
// - readBody (validate.ts), the reader of every JSON, form and text body, checks what it parsed (checkInput);
// - the streamed multipart reader (multipart/stream-form.ts) checks its text fields and file names.
// File contents are bytes and are never checked.
import type { MiddlewareHandler } from "hono";
import {
  isStorableText,
  MAX_LIST_ITEMS,
  TOO_MANY_ITEMS_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
} from "../../shared/request-input.ts";
import { AppError } from "./errors.ts";

/** A field name fit to be echoed in the answer. */
const shown = (field: string) => field.toWellFormed().replaceAll("\u0000", "\ufffd");

export function unstorableText(field: string): AppError {
  return new AppError(400, "common.validation", undefined, [
    { field: shown(field), code: "common.validation", message: UNSTORABLE_TEXT_MESSAGE },
  ]);
}

export function tooManyItems(field: string): AppError {
  return new AppError(400, "common.validation", undefined, [
    { field: shown(field), code: "common.validation", message: TOO_MANY_ITEMS_MESSAGE },
  ]);
}

/** Throws unstorableText when `text` cannot be stored. */
export function checkText(text: string, field: string): void {
  if (!isStorableText(text)) throw unstorableText(field);
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Walks a parsed body (objects, arrays, strings; files by their name and type only) and throws for the first
 * key or string that cannot be stored and the first list longer than MAX_LIST_ITEMS. Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export function checkInput(value: unknown, root = ""): void {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") checkText(v, path);
    else if (Array.isArray(v)) {
      if (v.length > MAX_LIST_ITEMS) throw tooManyItems(path);
      for (let i = 0; i < v.length; i++) stack.push([v[i], join(path, String(i))]);
    } else if (v instanceof Blob) {
      if (v instanceof File) checkText(v.name, path);
      checkText(v.type, path);
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const at = join(path, k);
        checkText(k, at);
        stack.push([x, at]);
      }
    }
  }
}

/** A path segment as Hono hands it to a route parameter (percent-decoded when it decodes). */
function decodedSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Every request: the decoded path and the query's names and values must be storable text. */
export const checkRequestUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  for (const segment of url.pathname.split("/")) checkText(decodedSegment(segment), "path");
  for (const [name, value] of url.searchParams) {
    checkText(name, name);
    checkText(value, name);
  }
  await next();
};
