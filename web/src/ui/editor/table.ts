// Tables for the rich-text editor: tiptap's TableKit (table, row, header and data cells), without column
// resizing (a post is read at many widths). The toolbar's table menu appears when the editor has it.
import { TableKit } from "@tiptap/extension-table";

export const EditorTable = TableKit.configure({ table: { resizable: false } });
