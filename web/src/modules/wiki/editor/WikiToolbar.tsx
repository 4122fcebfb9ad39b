// The wiki editor's toolbar: a react-aria Toolbar (Tab reaches it once, arrows move inside) with headings 1–4,
// bold / italic / strike / inline code, bulleted, numbered and task lists, quote, code block, a table menu, a
// divider, a link (web/src/ui/editor's popover), a link to another document, an image and a file attachment,
// undo and redo (the live editor's own, through Yjs). Each toggle reflects the selection (aria-pressed).
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import type { ReactNode } from "react";
import { Button as AriaButton, FileTrigger, Group, Menu, MenuItem, MenuTrigger, Popover, Separator, ToggleButton, Toolbar } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { EditorIcon, type EditorIconName } from "../../../ui/editor/icons.tsx";
import { LinkButton } from "../../../ui/editor/LinkButton.tsx";
import type { EditorTexts } from "../../../ui/editor/texts.ts";
import { DocLinkPicker } from "./DocLinkPicker.tsx";
import { WikiGlyph } from "./glyphs.tsx";
import { IMAGE_TYPES } from "./uploads.ts";
import type {} from "@tiptap/extension-table";
import type {} from "@tiptap/extension-collaboration";

type Level = 1 | 2 | 3 | 4;
const LEVELS: Level[] = [1, 2, 3, 4];

export function WikiToolbar({ editor, docId, onFiles }: {
  editor: Editor;
  docId: number;
  onFiles(files: File[], asFiles: boolean): void;
}) {
  const { t } = useTranslation("wiki");
  const texts: EditorTexts = (key, vars) => t(`editor.${key}`, vars ?? {});
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive("heading", { level: 1 }), h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }), h4: e.isActive("heading", { level: 4 }),
      bold: e.isActive("bold"), italic: e.isActive("italic"), strike: e.isActive("strike"), code: e.isActive("code"),
      bulletList: e.isActive("bulletList"), orderedList: e.isActive("orderedList"), taskList: e.isActive("taskList"),
      blockquote: e.isActive("blockquote"), codeBlock: e.isActive("codeBlock"), link: e.isActive("link"),
      inTable: e.isActive("table"), canUndo: e.can().undo(), canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const toggle = (label: string, pressed: boolean, run: () => void, content: ReactNode) => (
    <ToggleButton className="rte-tb-btn we-tb-text" aria-label={label} isSelected={pressed} onChange={run}>{content}</ToggleButton>
  );
  const icon = (name: EditorIconName) => <EditorIcon name={name} />;
  const glyph = (g: string) => <span aria-hidden="true">{g}</span>;

  return (
    <Toolbar aria-label={t("editor.toolbar")} className="rte-toolbar we-toolbar">
      <Group aria-label={t("editor.headings")} className="rte-tb-group">
        {LEVELS.map((level) => toggle(t("editor.heading", { level }), s[`h${level}`], () => chain().toggleHeading({ level }).run(), glyph(`H${level}`)))}
      </Group>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        {toggle(t("editor.bold"), s.bold, () => chain().toggleBold().run(), icon("bold"))}
        {toggle(t("editor.italic"), s.italic, () => chain().toggleItalic().run(), icon("italic"))}
        {toggle(t("editor.strike"), s.strike, () => chain().toggleStrike().run(), icon("strike"))}
        {toggle(t("editor.code"), s.code, () => chain().toggleCode().run(), glyph("</>"))}
      </span>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        {toggle(t("editor.bulletList"), s.bulletList, () => chain().toggleBulletList().run(), icon("listBullet"))}
        {toggle(t("editor.orderedList"), s.orderedList, () => chain().toggleOrderedList().run(), icon("listNumber"))}
        {toggle(t("editor.taskList"), s.taskList, () => chain().toggleTaskList().run(), <WikiGlyph name="taskList" />)}
        {toggle(t("editor.quote"), s.blockquote, () => chain().toggleBlockquote().run(), icon("quote"))}
        {toggle(t("editor.codeBlock"), s.codeBlock, () => chain().toggleCodeBlock().run(), <WikiGlyph name="codeBlock" />)}
      </span>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        <TableMenu editor={editor} inTable={s.inTable} />
        <AriaButton className="rte-tb-btn we-tb-text" aria-label={t("editor.rule")} onPress={() => chain().setHorizontalRule().run()}>
          <WikiGlyph name="rule" />
        </AriaButton>
      </span>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        <LinkButton editor={editor} active={s.link} texts={texts} />
        <AriaButton className="rte-tb-btn" aria-label={t("editor.unlink")} isDisabled={!s.link}
          onPress={() => chain().extendMarkRange("link").unsetLink().run()}>
          {icon("unlink")}
        </AriaButton>
        <DocLinkPicker editor={editor} docId={docId} />
      </span>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        <FileTrigger acceptedFileTypes={[...IMAGE_TYPES]} allowsMultiple onSelect={(f) => f && onFiles([...f], false)}>
          <AriaButton className="rte-tb-btn" aria-label={t("editor.image")}>{icon("image")}</AriaButton>
        </FileTrigger>
        <FileTrigger allowsMultiple onSelect={(f) => f && onFiles([...f], true)}>
          <AriaButton className="rte-tb-btn" aria-label={t("editor.attach")}><WikiGlyph name="attach" /></AriaButton>
        </FileTrigger>
      </span>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        <AriaButton className="rte-tb-btn" aria-label={t("editor.undo")} isDisabled={!s.canUndo} onPress={() => chain().undo().run()}>
          {icon("undo")}
        </AriaButton>
        <AriaButton className="rte-tb-btn" aria-label={t("editor.redo")} isDisabled={!s.canRedo} onPress={() => chain().redo().run()}>
          {icon("redo")}
        </AriaButton>
      </span>
    </Toolbar>
  );
}

/** Insert a table (3 × 3 with a header row); inside one, add or delete rows and columns, or the table. */
function TableMenu({ editor, inTable }: { editor: Editor; inTable: boolean }) {
  const { t } = useTranslation("wiki");
  const chain = () => editor.chain().focus();
  const run: Record<string, () => void> = {
    insert: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    addRow: () => chain().addRowAfter().run(),
    addColumn: () => chain().addColumnAfter().run(),
    deleteRow: () => chain().deleteRow().run(),
    deleteColumn: () => chain().deleteColumn().run(),
    delete: () => chain().deleteTable().run(),
  };
  const item = (id: string, key: string, disabled = !inTable) => (
    <MenuItem id={id} className="menu-item" isDisabled={disabled}>{t(`editor.${key}`)}</MenuItem>
  );
  return (
    <MenuTrigger>
      <AriaButton className="rte-tb-btn" aria-label={t("editor.table")}><EditorIcon name="table" /></AriaButton>
      <Popover className="menu-popover rte-tb-popover">
        <Menu className="menu" aria-label={t("editor.table")} onAction={(k) => run[String(k)]?.()}>
          {item("insert", "tableInsert", inTable)}
          {item("addRow", "tableAddRow")}
          {item("addColumn", "tableAddColumn")}
          {item("deleteRow", "tableDeleteRow")}
          {item("deleteColumn", "tableDeleteColumn")}
          {item("delete", "tableDelete")}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
