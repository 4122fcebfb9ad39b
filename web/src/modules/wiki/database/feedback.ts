// The database screens' outcome texts through the wiki's (../errors.ts): a failed call shows its code's text.
import { failed as wikiFailed, succeeded } from "../errors.ts";

export const failed = (e: unknown) => wikiFailed(e);
export const done = (key: string, params?: Record<string, unknown>) => succeeded(`database.msg.${key}`, { params });
