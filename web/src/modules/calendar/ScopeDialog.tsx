// "This event / this and following / all events": asked before a recurring event's occurrence is changed,
// moved or deleted. `await askScope("edit")` answers the choice, or null when cancelled. The layout renders
// the one <ScopeDialogHost />.
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Radio, RadioGroup } from "react-aria-components";
import type { EditScope } from "@shared/calendar/constants.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";

type Kind = "edit" | "delete" | "answer";
interface Ask {
  id: number;
  kind: Kind;
  /** Scopes offered (an occurrence's own answer has no "following"). */
  scopes: EditScope[];
  resolve(scope: EditScope | null): void;
}

let current: Ask | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function askScope(kind: Kind, scopes: EditScope[] = ["THIS", "FOLLOWING", "ALL"]): Promise<EditScope | null> {
  current?.resolve(null);
  return new Promise((resolve) => {
    current = { id: nextId++, kind, scopes, resolve };
    emit();
  });
}

function answer(scope: EditScope | null) {
  current?.resolve(scope);
  current = null;
  emit();
}

export function ScopeDialogHost() {
  const ask = useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => current);
  if (!ask) return null;
  return <ScopeDialog key={ask.id} ask={ask} />;
}

function ScopeDialog({ ask }: { ask: Ask }) {
  const { t } = useTranslation("calendar");
  const [scope, setScope] = useState<EditScope>(ask.scopes[0]);
  return (
    <Dialog title={t(`scope.title.${ask.kind}`)} isOpen onClose={() => answer(null)}>
      <RadioGroup value={scope} onChange={(v) => setScope(v as EditScope)} aria-label={t(`scope.title.${ask.kind}`)} className="cal-radios">
        {ask.scopes.map((s) => (
          <Radio key={s} value={s} className="cal-radio">
            <span className="cal-radio-dot" aria-hidden="true" />
            {t(`scope.${s}`)}
          </Radio>
        ))}
      </RadioGroup>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={() => answer(null)}>{t("action.cancel")}</Button>
        <Button variant={ask.kind === "delete" ? "danger" : "primary"} autoFocus onPress={() => answer(scope)}>
          {t(ask.kind === "delete" ? "action.delete" : "action.ok")}
        </Button>
      </div>
    </Dialog>
  );
}
