// The list's keyboard shortcuts, shown in a dialog from a toolbar button (or "?" in the list). The keys
// themselves are handled by the list grid (useListKeys in MailList).
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button as UiButton } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";

export const SHORTCUTS: [keys: string[], action: string][] = [
  [["↑", "↓"], "move"],
  [["Home", "End"], "firstLast"],
  [["Enter"], "open"],
  [["Space"], "select"],
  [["Shift+↑", "Shift+↓"], "extend"],
  [["Ctrl+A"], "selectAll"],
  [["r"], "reply"],
  [["a"], "replyAll"],
  [["f"], "forward"],
  [["Delete", "#"], "delete"],
  [["u"], "read"],
  [["s"], "star"],
  [["?"], "help"],
];

export function ShortcutsButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation("mail");
  return (
    <Button className="mail-tool" onPress={onOpen} aria-label={t("list.keys.title")}>
      <Icon name="help" size={16} />
    </Button>
  );
}

export function ShortcutsDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation("mail");
  return (
    <Dialog title={t("list.keys.title")} isOpen={isOpen} onClose={onClose} width={440}>
      <p className="mail-keys-intro">{t("list.keys.intro")}</p>
      <table className="mail-keys">
        <thead>
          <tr>
            <th scope="col">{t("list.keys.key")}</th>
            <th scope="col">{t("list.keys.action")}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={action}>
              <td>{keys.map((k) => <kbd key={k}>{k}</kbd>)}</td>
              <td>{t(`list.keys.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <UiButton variant="secondary" onPress={onClose}>{t("list.keys.close")}</UiButton>
      </div>
    </Dialog>
  );
}
