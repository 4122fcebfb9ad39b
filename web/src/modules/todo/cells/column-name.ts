// A header column's name as shown: its own, or its type's in the reader's language (002 §3: "" names a column
// by its type).
import i18next from "i18next";
import type { HeaderColumn } from "@shared/todo/boards.ts";

export const columnName = (c: Pick<HeaderColumn, "name" | "type">) => c.name || i18next.t(`todo:cells.type.${c.type}`);
