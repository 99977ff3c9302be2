// The strip above the header, rotating through three messages every 3 s (spec §2, §9).
// Hovering or focusing it pauses the rotation, and so does the pause button (WCAG 2.2.2).
import { useEffect, useState } from 'react';

export const ANNOUNCEMENTS = [
  'Free US shipping on orders over $100',
  'Free international shipping over $300',
  'Sign up for 15% off your first order',
] as const;

const ROTATE_MS = 3000;

export function AnnouncementBar() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || stopped;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % ANNOUNCEMENTS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <section
      className="announcement"
      aria-label="Announcements"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <ul className="announcement__list">
        {ANNOUNCEMENTS.map((message, i) => (
          <li key={message} className="announcement__item" data-active={i === index}>
            {message}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="announcement__toggle"
        aria-label="Pause announcements"
        aria-pressed={stopped}
        onClick={() => setStopped((s) => !s)}
      >
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          {stopped ? (
            <path d="M2 1l7 4-7 4z" fill="currentColor" />
          ) : (
            <path d="M2 1h2v8H2zM6 1h2v8H6z" fill="currentColor" />
          )}
        </svg>
      </button>
    </section>
  );
}
