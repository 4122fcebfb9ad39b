// Reading the parts of a list's address every module shares (001 §2): the page (1-based) and the actionObj
// segment (JSON text). Anything malformed counts as absent, so a hand-edited address still shows a list.

/** A page segment: a whole number from 1; anything else is 1. */
export function pageParam(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,7}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/** An actionObj segment's JSON object; {} when it is missing, not JSON, or not an object. */
export function actionObject(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const o: unknown = JSON.parse(raw);
    return o && typeof o === "object" && !Array.isArray(o) ? o as Record<string, unknown> : {};
  } catch {
    return {};
  }
}
