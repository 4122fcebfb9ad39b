// The compose editor's toolbar: a react-aria Toolbar (Tab reaches it once, arrows move inside) with toggle
// buttons for bold, italic, underline, strike, lists, quote and alignment, a font size select, a colour menu,
// a link popover, and undo/redo. Each control reflects the selection (aria-pressed, the size shown).
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, Dialog, DialogTrigger, Group, Menu, MenuItem, MenuTrigger, Popover, Separator, ToggleButton, Toolbar,
} from "react-aria-components";
import { Button } from "../../../../ui/Button.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { EditorIcon, type EditorIconName } from "./icons.tsx";

export const FONT_SIZES_PT = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 36];
const COLORS = [
  { id: "#1f2329", name: "black" }, { id: "#5b6470", name: "gray" }, { id: "#d93025", name: "red" }, { id: "#e8710a", name: "orange" },
  { id: "#188038", name: "green" }, { id: "#1a73e8", name: "blue" }, { id: "#8430ce", name: "purple" },
];

export function EditorToolbar({ editor, defaultSizePt, extra }: { editor: Editor; defaultSizePt: number; extra?: ReactNode }) {
  const { t } = useTranslation("mail");
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

  const toggle = (name: EditorIconName, label: string, pressed: boolean, run: () => void) => (
    <ToggleButton className="cmp-tb-btn" aria-label={t(label)} isSelected={pressed} onChange={run}>
      <EditorIcon name={name} />
    </ToggleButton>
  );

  const size = state.fontSize ? Number.parseFloat(state.fontSize) : defaultSizePt;
  return (
    <Toolbar aria-label={t("compose.editor.toolbar")} className="cmp-toolbar">
      <Group aria-label={t("compose.editor.textGroup")} className="cmp-tb-group">
        {toggle("bold", "compose.editor.bold", state.bold, () => chain().toggleBold().run())}
        {toggle("italic", "compose.editor.italic", state.italic, () => chain().toggleItalic().run())}
        {toggle("underline", "compose.editor.underline", state.underline, () => chain().toggleUnderline().run())}
        {toggle("strike", "compose.editor.strike", state.strike, () => chain().toggleStrike().run())}
      </Group>
      <Separator orientation="vertical" className="cmp-tb-sep" />
      <MenuTrigger>
        <AriaButton className="cmp-tb-btn cmp-tb-size" aria-label={t("compose.editor.fontSize", { size })}>
          <span aria-hidden="true">{size}pt</span>
          <EditorIcon name="chevronDown" size={14} />
        </AriaButton>
        <Popover className="menu-popover cmp-tb-popover">
          <Menu className="menu" aria-label={t("compose.editor.fontSizes")} selectionMode="single" selectedKeys={[String(size)]}
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
        <AriaButton className="cmp-tb-btn" aria-label={t("compose.editor.color")}>
          <span className="cmp-tb-color" style={{ borderBottomColor: state.color || "currentColor" }}><EditorIcon name="color" /></span>
        </AriaButton>
        <Popover className="menu-popover cmp-tb-popover">
          <Menu className="menu" aria-label={t("compose.editor.colors")}
            onAction={(key) => (key === "none" ? chain().unsetColor().run() : chain().setColor(String(key)).run())}>
            <MenuItem id="none" className="menu-item">{t("compose.editor.colorNone")}</MenuItem>
            {COLORS.map((c) => (
              <MenuItem key={c.id} id={c.id} className="menu-item" textValue={t(`compose.editor.colorName.${c.name}`)}>
                <span className="cmp-swatch" style={{ background: c.id }} aria-hidden="true" />
                <span className="cmp-swatch-name">{t(`compose.editor.colorName.${c.name}`)}</span>
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <Separator orientation="vertical" className="cmp-tb-sep" />
      <Group aria-label={t("compose.editor.blockGroup")} className="cmp-tb-group">
        {toggle("listBullet", "compose.editor.bulletList", state.bulletList, () => chain().toggleBulletList().run())}
        {toggle("listNumber", "compose.editor.orderedList", state.orderedList, () => chain().toggleOrderedList().run())}
        {toggle("quote", "compose.editor.quote", state.blockquote, () => chain().toggleBlockquote().run())}
        {toggle("alignLeft", "compose.editor.alignLeft", state.left, () => chain().setTextAlign("left").run())}
        {toggle("alignCenter", "compose.editor.alignCenter", state.center, () => chain().setTextAlign("center").run())}
        {toggle("alignRight", "compose.editor.alignRight", state.right, () => chain().setTextAlign("right").run())}
      </Group>
      <Separator orientation="vertical" className="cmp-tb-sep" />
      {/* Pairs that belong together wrap to the next row together (never "redo" alone). */}
      <span className="cmp-tb-group">
        <LinkButton editor={editor} active={state.link} />
        <AriaButton className="cmp-tb-btn" aria-label={t("compose.editor.unlink")} isDisabled={!state.link}
          onPress={() => chain().extendMarkRange("link").unsetLink().run()}>
          <EditorIcon name="unlink" />
        </AriaButton>
      </span>
      <Separator orientation="vertical" className="cmp-tb-sep" />
      <span className="cmp-tb-group">
        <AriaButton className="cmp-tb-btn" aria-label={t("compose.editor.undo")} isDisabled={!state.canUndo} onPress={() => chain().undo().run()}>
          <EditorIcon name="undo" />
        </AriaButton>
        <AriaButton className="cmp-tb-btn" aria-label={t("compose.editor.redo")} isDisabled={!state.canRedo} onPress={() => chain().redo().run()}>
          <EditorIcon name="redo" />
        </AriaButton>
      </span>
      {extra && <Separator orientation="vertical" className="cmp-tb-sep" />}
      {extra}
    </Toolbar>
  );
}

function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation("mail");
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [tried, setTried] = useState(false);
  const valid = /^(https?:\/\/|mailto:)\S+$/i.test(url.trim());

  function apply(close: () => void) {
    setTried(true);
    if (!valid) return;
    const href = url.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !active) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    close();
  }

  return (
    <DialogTrigger isOpen={open} onOpenChange={(o) => {
      setOpen(o);
      if (o) {
        setUrl((editor.getAttributes("link").href as string | undefined) ?? "https://");
        setTried(false);
      }
    }}>
      <ToggleButton className="cmp-tb-btn" aria-label={t("compose.editor.link")} isSelected={active || open}>
        <EditorIcon name="link" />
      </ToggleButton>
      <Popover className="menu-popover cmp-link-popover" placement="bottom start">
        <Dialog className="cmp-link-dialog" aria-label={t("compose.editor.link")}>
          {({ close }) => (
            <form onSubmit={(e) => (e.preventDefault(), apply(close))}>
              <TextField label={t("compose.editor.linkUrl")} value={url} onChange={setUrl} autoFocus type="url"
                errorMessage={tried && !valid ? t("compose.editor.linkInvalid") : undefined} />
              <div className="dialog-actions">
                <Button variant="secondary" onPress={close}>{t("compose.cancel")}</Button>
                <Button type="submit">{t("compose.editor.linkApply")}</Button>
              </div>
            </form>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
