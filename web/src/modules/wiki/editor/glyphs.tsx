// The wiki toolbar's own icons (24px grid, stroked, currentColor, as web/src/ui/editor/icons.tsx): a document
// link, a paperclip, a task list, a code block, a divider.
import { SvgIcon } from "../../../ui/icons.tsx";

const paths = {
  docLink: "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4",
  attach: "M21 11.5l-8.5 8.5a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8.5-8.5",
  taskList: "M3 5h4v4H3zM3 15h4v4H3zM4 7l1 1 2-3M11 7h10M11 17h10",
  codeBlock: "M8 8l-4 4 4 4M16 8l4 4-4 4M14 5l-4 14",
  rule: "M3 12h18",
} as const;

export function WikiGlyph({ name }: { name: keyof typeof paths }) {
  return <SvgIcon d={paths[name]} size={18} />;
}
