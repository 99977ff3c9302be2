// A side panel (categories menu on the left, shopping bag on the right). It stays in the DOM so it
// can slide; while closed it is inert, so nothing inside can be focused or read.
import './ui.css';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.js';
import { dialogRole, useDialog } from './use-dialog.js';

type DrawerProps = {
  id?: string;
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  /** Accessible name of the dialog. */
  label: string;
  /** Visible heading at the top of the panel. */
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
};

export function Drawer({ id, open, onClose, side, label, title, closeLabel, children, footer }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useDialog(open, onClose, panel);
  return (
    <div className={`drawer drawer--${side}`} data-open={open} inert={!open}>
      <div className="drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panel} id={id} className="drawer__panel" tabIndex={-1} {...dialogRole(open, { 'aria-label': label })}>
        <div className="drawer__head">
          <p className="drawer__title">{title}</p>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="drawer__body">{children}</div>
        {footer && <div className="drawer__foot">{footer}</div>}
      </div>
    </div>
  );
}
