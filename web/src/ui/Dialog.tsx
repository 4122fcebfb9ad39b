import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import "./ui.css";

export interface DialogProps {
  title: string;
  isOpen: boolean;
  /** Omit to make the dialog impossible to dismiss (mandatory prompts). */
  onClose?: () => void;
  children: React.ReactNode;
  width?: number;
}

export function Dialog({ title, isOpen, onClose, children, width = 420 }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose?.()}
      isDismissable={!!onClose}
      isKeyboardDismissDisabled={!onClose}
      className="modal-overlay"
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
