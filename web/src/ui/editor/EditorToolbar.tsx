// The rich-text editor's toolbar: a react-aria Toolbar (Tab reaches it once, arrows move inside) with toggle
// buttons for bold, italic, underline, strike, lists, quote and alignment, a font size select, a colour menu,
// a link popover, undo/redo, and — when the editor has them — an image picker and a table menu. Each control
// reflects the selection (aria-pressed, the size shown). The toolbar wraps on narrow screens.
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import type { ReactNode } from "react";
import {
  Button as AriaButton, FileTrigger, Group, Menu, MenuItem, MenuTrigger, Popover, Separator, ToggleButton, Toolbar,
} from "react-aria-components";
import { EditorIcon, type EditorIconName } from "./icons.tsx";
import { LinkButton } from "./LinkButton.tsx";
import type { EditorTextKey, EditorTexts } from "./texts.ts";
// The table commands (addRowAfter …) are typed by the table extension; it is loaded only by editors that use it.
import type {} from "@tiptap/extension-table";

export const FONT_SIZES_PT = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 36];
const COLORS = [
  { id: "#1f2329", name: "black" }, { id: "#5b6470", name: "gray" }, { id: "#d93025", name: "red" }, { id: "#e8710a", name: "orange" },
  { id: "#188038", name: "green" }, { id: "#1a73e8", name: "blue" }, { id: "#8430ce", name: "purple" },
] as const;

const has = (editor: Editor, name: string) => editor.extensionManager.extensions.some((x) => x.name === name);

export function EditorToolbar({ editor, texts: t, defaultSizePt, extra, onImageFiles, imageTypes }: {
  editor: Editor;
  texts: EditorTexts;
  defaultSizePt: number;
  extra?: ReactNode;
  /** Given when the editor takes images: the files picked with the image button. */
  onImageFiles?(files: File[]): void;
  imageTypes?: readonly string[];
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      link: e.isActive("link"),
      inTable: e.isActive("table"),
      left: e.isActive({ textAlign: "left" }),
      center: e.isActive({ textAlign: "center" }),
      right: e.isActive({ textAlign: "right" }),
      fontSize: (e.getAttributes("textStyle").fontSize as string | undefined) ?? "",
      color: (e.getAttributes("textStyle").color as string | undefined) ?? "",
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tables = has(editor, "table");

  const toggle = (name: EditorIconName, label: EditorTextKey, pressed: boolean, run: () => void) => (
    <ToggleButton className="rte-tb-btn" aria-label={t(label)} isSelected={pressed} onChange={run}>
      <EditorIcon name={name} />
    </ToggleButton>
  );

  const size = state.fontSize ? Number.parseFloat(state.fontSize) : defaultSizePt;
  return (
    <Toolbar aria-label={t("toolbar")} className="rte-toolbar">
      <Group aria-label={t("textGroup")} className="rte-tb-group">
        {toggle("bold", "bold", state.bold, () => chain().toggleBold().run())}
        {toggle("italic", "italic", state.italic, () => chain().toggleItalic().run())}
        {toggle("underline", "underline", state.underline, () => chain().toggleUnderline().run())}
        {toggle("strike", "strike", state.strike, () => chain().toggleStrike().run())}
      </Group>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <MenuTrigger>
        <AriaButton className="rte-tb-btn rte-tb-size" aria-label={t("fontSize", { size })}>
          <span aria-hidden="true">{size}pt</span>
          <EditorIcon name="chevronDown" size={14} />
        </AriaButton>
        <Popover className="menu-popover rte-tb-popover">
          <Menu className="menu" aria-label={t("fontSizes")} selectionMode="single" selectedKeys={[String(size)]}
            onAction={(key) => {
              const pt = Number(key);
              if (pt === defaultSizePt) chain().unsetFontSize().run();
              else chain().setFontSize(`${pt}pt`).run();
            }}>
            {FONT_SIZES_PT.map((pt) => <MenuItem key={pt} id={String(pt)} className="menu-item">{pt}pt</MenuItem>)}
          </Menu>
        </Popover>
      </MenuTrigger>
      <MenuTrigger>
        <AriaButton className="rte-tb-btn" aria-label={t("color")}>
          <span className="rte-tb-color" style={{ borderBottomColor: state.color || "currentColor" }}><EditorIcon name="color" /></span>
        </AriaButton>
        <Popover className="menu-popover rte-tb-popover">
          <Menu className="menu" aria-label={t("colors")}
            onAction={(key) => (key === "none" ? chain().unsetColor().run() : chain().setColor(String(key)).run())}>
            <MenuItem id="none" className="menu-item">{t("colorNone")}</MenuItem>
            {COLORS.map((c) => (
              <MenuItem key={c.id} id={c.id} className="menu-item" textValue={t(`colorName.${c.name}`)}>
                <span className="rte-swatch" style={{ background: c.id }} aria-hidden="true" />
                <span className="rte-swatch-name">{t(`colorName.${c.name}`)}</span>
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <Separator orientation="vertical" className="rte-tb-sep" />
      <Group aria-label={t("blockGroup")} className="rte-tb-group">
        {toggle("listBullet", "bulletList", state.bulletList, () => chain().toggleBulletList().run())}
        {toggle("listNumber", "orderedList", state.orderedList, () => chain().toggleOrderedList().run())}
        {toggle("quote", "quote", state.blockquote, () => chain().toggleBlockquote().run())}
        {toggle("alignLeft", "alignLeft", state.left, () => chain().setTextAlign("left").run())}
        {toggle("alignCenter", "alignCenter", state.center, () => chain().setTextAlign("center").run())}
        {toggle("alignRight", "alignRight", state.right, () => chain().setTextAlign("right").run())}
      </Group>
      <Separator orientation="vertical" className="rte-tb-sep" />
      {/* Pairs that belong together wrap to the next row together (never "redo" alone). */}
      <span className="rte-tb-group">
        <LinkButton editor={editor} active={state.link} texts={t} />
        <AriaButton className="rte-tb-btn" aria-label={t("unlink")} isDisabled={!state.link}
          onPress={() => chain().extendMarkRange("link").unsetLink().run()}>
          <EditorIcon name="unlink" />
        </AriaButton>
      </span>
      {(onImageFiles || tables) && (
        <>
          <Separator orientation="vertical" className="rte-tb-sep" />
          <span className="rte-tb-group">
            {onImageFiles && (
              <FileTrigger acceptedFileTypes={imageTypes} allowsMultiple onSelect={(files) => files && onImageFiles([...files])}>
                <AriaButton className="rte-tb-btn" aria-label={t("image")}><EditorIcon name="image" /></AriaButton>
              </FileTrigger>
            )}
            {tables && <TableMenu editor={editor} texts={t} inTable={state.inTable} />}
          </span>
        </>
      )}
      <Separator orientation="vertical" className="rte-tb-sep" />
      <span className="rte-tb-group">
        <AriaButton className="rte-tb-btn" aria-label={t("undo")} isDisabled={!state.canUndo} onPress={() => chain().undo().run()}>
          <EditorIcon name="undo" />
        </AriaButton>
        <AriaButton className="rte-tb-btn" aria-label={t("redo")} isDisabled={!state.canRedo} onPress={() => chain().redo().run()}>
          <EditorIcon name="redo" />
        </AriaButton>
      </span>
      {extra && <Separator orientation="vertical" className="rte-tb-sep" />}
      {extra}
    </Toolbar>
  );
}

/** Insert a table (3 × 3 with a header row); inside one, add or delete rows and columns, or the table. */
function TableMenu({ editor, texts: t, inTable }: { editor: Editor; texts: EditorTexts; inTable: boolean }) {
  const chain = () => editor.chain().focus();
  const run: Record<string, () => void> = {
    insert: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    addRow: () => chain().addRowAfter().run(),
    addColumn: () => chain().addColumnAfter().run(),
    deleteRow: () => chain().deleteRow().run(),
    deleteColumn: () => chain().deleteColumn().run(),
    delete: () => chain().deleteTable().run(),
  };
  const item = (id: string, key: EditorTextKey, disabled = !inTable) => (
    <MenuItem id={id} className="menu-item" isDisabled={disabled}>{t(key)}</MenuItem>
  );
  return (
    <MenuTrigger>
      <AriaButton className="rte-tb-btn" aria-label={t("table")}>
        <EditorIcon name="table" />
        <EditorIcon name="chevronDown" size={14} />
      </AriaButton>
      <Popover className="menu-popover rte-tb-popover">
        <Menu className="menu" aria-label={t("table")} onAction={(key) => run[String(key)]?.()}>
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
