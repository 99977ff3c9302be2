// Keyboard and focus behaviour shared by drawers and modals: focus moves in on open, Tab stays
// inside, Escape closes, and focus returns to whatever opened it.
import { useEffect, useEffectEvent, type RefObject } from 'react';
import { useScrollLock } from './use-scroll-lock.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useDialog(open: boolean, onClose: () => void, panel: RefObject<HTMLElement | null>) {
  useScrollLock(open);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const node = panel.current;
    if (!open || !node) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (focusables()[0] ?? node).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !node.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !node.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, panel]);
}

/**
 * The dialog role only while open: a closing panel still slides out for 250 ms, and during that
 * time it must already count as gone, for assistive technology and for tests alike.
 */
export function dialogRole<T extends Record<string, string>>(open: boolean, naming: T) {
  return open ? { role: 'dialog', 'aria-modal': true, ...naming } : {};
}
