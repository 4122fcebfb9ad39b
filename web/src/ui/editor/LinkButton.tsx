// The toolbar's link tool: a popover asking for the address (http(s) or mailto); with a selection the text
// becomes the link, without one the address is inserted as a linked text.
import type { Editor } from "@tiptap/react";
import { useRef, useState } from "react";
import { Dialog, DialogTrigger, Popover, ToggleButton } from "react-aria-components";
import { Button } from "../Button.tsx";
import { TextField } from "../TextField.tsx";
import { EditorIcon } from "./icons.tsx";
import type { EditorTexts } from "./texts.ts";

export const LINK_PATTERN = /^(https?:\/\/|mailto:)\S+$/i;

export function LinkButton({ editor, active, texts: t }: { editor: Editor; active: boolean; texts: EditorTexts }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [tried, setTried] = useState(false);
  const applied = useRef(false);
  const valid = LINK_PATTERN.test(url.trim());

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
    applied.current = true;
    close();
  }

  return (
    <DialogTrigger isOpen={open} onOpenChange={(o) => {
      setOpen(o);
      if (o) {
        setUrl((editor.getAttributes("link").href as string | undefined) ?? "https://");
        setTried(false);
        applied.current = false;
      } else if (applied.current) {
        // Once the popover has given the focus back to its button, writing goes on after the link.
        requestAnimationFrame(() => requestAnimationFrame(() => editor.commands.focus()));
      }
    }}>
      <ToggleButton className="rte-tb-btn" aria-label={t("link")} isSelected={active || open}>
        <EditorIcon name="link" />
      </ToggleButton>
      <Popover className="menu-popover rte-link-popover" placement="bottom start">
        <Dialog className="rte-link-dialog" aria-label={t("link")}>
          {({ close }) => (
            <form onSubmit={(e) => {
              // The popover is a portal, but React passes its submit on to a form around the editor: keep it here.
              e.preventDefault();
              e.stopPropagation();
              apply(close);
            }}>
              <TextField label={t("linkUrl")} value={url} onChange={setUrl} autoFocus type="url"
                errorMessage={tried && !valid ? t("linkInvalid") : undefined} />
              <div className="dialog-actions">
                <Button variant="secondary" onPress={close}>{t("cancel")}</Button>
                <Button type="submit">{t("linkApply")}</Button>
              </div>
            </form>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
