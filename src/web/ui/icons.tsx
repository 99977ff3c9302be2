// Line icons drawn for the shop: 24px grid, 1.25 stroke, currentColor.
import type { ReactNode, SVGProps } from 'react';

const base: SVGProps<SVGSVGElement> = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.25,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
};

/** Every icon is decoration beside a visible or aria label, so it is hidden from assistive tech. */
function Icon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg {...base} width={size} height={size} aria-hidden="true">
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon>
    <path d="M3.5 8h17M3.5 16h17" />
  </Icon>
);

export const BagIcon = () => (
  <Icon>
    <path d="M5.5 8.5h13l-1 12h-11z" />
    <path d="M9 10.5V7a3 3 0 0 1 6 0v3.5" />
  </Icon>
);

// Search (issue 27).
export const SearchIcon = () => (
  <Icon>
    <circle cx="10.5" cy="10.5" r="6" />
    <path d="M15 15l5.5 5.5" />
  </Icon>
);

export const ArrowIcon = () => (
  <Icon size={18}>
    <path d="M4 12h15M14 7l5 5-5 5" />
  </Icon>
);

export const InstagramIcon = () => (
  <Icon>
    <rect x="4" y="4" width="16" height="16" rx="4.5" />
    <circle cx="12" cy="12" r="3.6" />
    <circle cx="16.6" cy="7.4" r="0.6" fill="currentColor" stroke="none" />
  </Icon>
);

export const PinterestIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M11.2 9.2c.3-1.3 1.4-2 2.7-1.8 1.6.3 2.3 1.8 1.8 3.5-.4 1.4-1.4 2.3-2.6 2.1-.9-.1-1.4-.8-1.3-1.5M11.4 11.2 9.8 20" />
  </Icon>
);

export const TikTokIcon = () => (
  <Icon>
    <path d="M13.5 4v10.8a3.2 3.2 0 1 1-3.2-3.2" />
    <path d="M13.5 4c.4 2.4 2 4 4.5 4.2" />
  </Icon>
);

export const FacebookIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M13.2 20.4v-7.2h2.3l.4-2.7h-2.7V8.9c0-.8.3-1.3 1.4-1.3h1.4V5.2a17 17 0 0 0-2-.1c-2 0-3.4 1.2-3.4 3.5v1.9H8.4v2.7h2.2v7.2" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon size={20}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const ChevronLeftIcon = () => (
  <Icon size={20}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const ChevronRightIcon = () => (
  <Icon size={20}>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);
