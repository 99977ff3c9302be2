// Asks before the tab closes or reloads while an editor holds changes that are not saved yet, and
// lets in-app navigation the browser does not ask about (the admin tabs, Back and Forward between
// them) ask the same.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export const LEAVE_UNSAVED_QUESTION = 'You have unsaved changes. Leave without saving?';

/** The mounted editors holding unsaved changes. */
const unsavedEditors = new Set<symbol>();

export function useUnsavedWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const editor = Symbol('unsaved editor');
    unsavedEditors.add(editor);
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsavedEditors.delete(editor);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved]);
}

/** Before in-app navigation away from the editors on screen: true when nothing is unsaved or the owner agrees to leave. */
export function mayLeaveUnsaved(): boolean {
  return unsavedEditors.size === 0 || window.confirm(LEAVE_UNSAVED_QUESTION);
}

/** React Router keeps each history entry's position in `history.state.idx`. */
const historyIndex = (): number | undefined => {
  if (typeof window === 'undefined') return undefined;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/**
 * The admin tab to show for the one the URL asks for. A tab click asks before it changes the URL
 * (mayLeaveUnsaved); Back and Forward change it before anything can ask, so the tab on screen stays
 * until the owner agrees to leave unsaved work, and when they stay the browser is sent back to the
 * entry they were on.
 */
export function useTabAfterAsking<T>(requested: T): T {
  const [shown, setShown] = useState(requested);
  const navigationType = useNavigationType();
  const { key } = useLocation();
  const shownIndex = useRef(historyIndex());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes with every navigation (to the same tab too), and each one re-reads the history index
  useLayoutEffect(() => {
    const index = historyIndex();
    if (requested === shown) {
      shownIndex.current = index;
      return;
    }
    if (navigationType !== 'POP' || mayLeaveUnsaved()) {
      shownIndex.current = index;
      setShown(requested);
      return;
    }
    if (index !== undefined && shownIndex.current !== undefined && index !== shownIndex.current)
      window.history.go(shownIndex.current - index);
  }, [requested, shown, navigationType, key]);
  return shown;
}
