// The question field: Enter sends, Shift+Enter starts a new line. With a Korean (or any) IME, a keydown during
// composition (isComposing, key code 229) only finishes the syllable; the Enter after it sends, once. While an
// answer runs, the send button is the stop button.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Form, Label, TextArea, TextField } from "react-aria-components";
import { QUESTION_MAX } from "@shared/assistant/constants.ts";
import { AsstIcon } from "../icons.tsx";

export function Composer({ running, disabled, onSend, onStop, autoFocus, extra }: {
  running: boolean;
  disabled?: boolean;
  onSend(text: string): Promise<boolean> | boolean;
  onStop(): void;
  autoFocus?: boolean;
  /** Beside the buttons (the persona of a new chat). */
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation("assistant");
  const [text, setText] = useState("");
  const composing = useRef(false);
  const canSend = !running && !disabled && text.trim().length > 0;
  const send = async () => {
    if (!canSend) return;
    const q = text.trim();
    setText("");
    if (!(await onSend(q))) setText(q);
  };
  return (
    <Form className="asst-composer" onSubmit={(e) => {
      e.preventDefault();
      void send();
    }}>
      <TextField value={text} onChange={setText} maxLength={QUESTION_MAX} className="asst-composer-field" aria-label={t("chat.question")}
        autoFocus={autoFocus}>
        <Label className="visually-hidden">{t("chat.question")}</Label>
        <TextArea className="asst-composer-input" rows={2} placeholder={t("chat.placeholder")}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
          onKeyDown={(e) => {
            if (e.key !== "Enter" || e.shiftKey) return;
            if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return;
            e.preventDefault();
            void send();
          }} />
      </TextField>
      <div className="asst-composer-actions">
        {extra}
        {running
          ? (
            <Button className="btn btn-secondary asst-stop" onPress={onStop}>
              <AsstIcon name="stop" size={16} filled /> {t("chat.stop")}
            </Button>
          )
          : (
            <Button type="submit" className="btn btn-primary" isDisabled={!canSend}>
              <AsstIcon name="send" size={16} /> {t("chat.send")}
            </Button>
          )}
      </div>
    </Form>
  );
}
