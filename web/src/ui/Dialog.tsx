import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import "./ui.css";

export interface DialogProps {
  title: string;
  isOpen: boolean;
  /** Omit to make the dialog impossible to dismiss (mandatory prompts). */
  onClose?: () => void;
  children: React.ReactNode;
  width?: number;
  /** A solid backdrop instead of the dimmed page: for prompts that must come before anything behind them. */
  opaque?: boolean;
}

export function Dialog({ title, isOpen, onClose, children, width = 420, opaque = false }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose?.()}
      isDismissable={!!onClose}
      isKeyboardDismissDisabled={!onClose}
      className={opaque ? "modal-overlay modal-overlay-opaque" : "modal-overlay"}
    >
      <Modal className="modal" style={{ width: `min(${width}px, calc(100vw - 32px))` }}>
        <AriaDialog className="dialog">
          <Heading slot="title" className="dialog-title">{title}</Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
