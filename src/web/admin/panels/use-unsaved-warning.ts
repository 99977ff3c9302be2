// Asks before the tab closes or reloads while an editor holds changes that are not saved yet, and
// lets in-app navigation the browser does not ask about (the admin tabs) ask the same.
import { useEffect } from 'react';

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
