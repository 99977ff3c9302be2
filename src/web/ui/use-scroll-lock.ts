// Keeps the page still behind an open panel or modal (spec §4) and puts it back where it was.
// Counted, so a modal opened over a drawer does not unlock the page when it closes first.
import { useEffect } from 'react';

let locks = 0;
let savedScrollY = 0;

function lock() {
  savedScrollY = window.scrollY;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  // position: fixed is what stops iOS Safari from scrolling the body under an overlay.
  Object.assign(document.body.style, {
    position: 'fixed',
    top: `-${savedScrollY}px`,
    left: '0',
    right: '0',
    overflow: 'hidden',
    paddingRight: scrollbar > 0 ? `${scrollbar}px` : '',
  });
}

function unlock() {
  for (const prop of ['position', 'top', 'left', 'right', 'overflow', 'paddingRight'] as const) {
    document.body.style[prop] = '';
  }
  window.scrollTo({ top: savedScrollY, behavior: 'instant' });
}

export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    if (locks++ === 0) lock();
    return () => {
      if (--locks === 0) unlock();
    };
  }, [active]);
}
