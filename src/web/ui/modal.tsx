// A centred dialog over the page (referral, promo, sizing, notify popups).
import './ui.css';
import { useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.js';
import { dialogRole, useDialog } from './use-dialog.js';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  closeLabel?: string;
  /** An extra class on the panel, for popups with their own layout (e.g. a picture beside the text). */
  className?: string;
};

export function Modal({ open, onClose, title, children, closeLabel = 'Close', className }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialog(open, onClose, panel);
  return (
    <div className="modal" data-open={open} inert={!open}>
      <div className="modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className={className ? `modal__panel ${className}` : 'modal__panel'}
        tabIndex={-1}
        {...dialogRole(open, { 'aria-labelledby': titleId })}
      >
        <button type="button" className="icon-button modal__close" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </button>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
