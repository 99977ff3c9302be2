// The Home editor's preview: the storefront's own home sections (HomeSections) and announcement bar,
// drawn with the unsaved draft inside a blank same-origin frame 390 px or 1280 px wide. The frame has
// its own viewport, so the shop's media queries (the banner's picture above or below 1024 px, the
// carousel's columns) answer to the frame's width, as they would on a phone or a desktop. The shop's
// pages themselves refuse to be framed (frame-ancestors 'none'), hence a portal, not a page address.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { HomeContent } from '../../../../contract/content.js';
import { HomeSections } from '../../../storefront/pages/home-page.js';
import { AnnouncementStrip } from '../../../storefront/shell/announcement-bar.js';

export const PREVIEW_WIDTHS = { phone: 390, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;
const FRAME_HEIGHT = { phone: 780, desktop: 820 } as const;

/** Renders `children` into the body of a blank iframe that carries the page's stylesheets. */
function Frame({
  width,
  height,
  title,
  children,
}: {
  width: number;
  height: number;
  title: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  const prepare = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc || doc.body.dataset.prepared) return;
    // The shop's styles (the storefront's and the back office's: both are this page's) and fonts.
    for (const node of document.querySelectorAll('link[rel="stylesheet"], style'))
      doc.head.appendChild(node.cloneNode(true));
    doc.documentElement.lang = 'en';
    doc.body.className = 'home-preview__body';
    doc.body.dataset.prepared = 'true';
    setBody(doc.body);
  }, []);
  useEffect(prepare, [prepare]);

  return (
    <>
      <iframe
        ref={frame}
        title={title}
        className="home-preview__frame"
        width={width}
        height={height}
        // A browser that swaps the first blank document for another on load gets it prepared too.
        onLoad={prepare}
      />
      {body && createPortal(children, body)}
    </>
  );
}

export function HomePreview({ home, width }: { home: HomeContent; width: PreviewWidth }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const px = PREVIEW_WIDTHS[width];
  const height = FRAME_HEIGHT[width];

  // The frame keeps its true width and is drawn smaller to fit the column.
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const fitToColumn = () => setScale(Math.min(1, node.clientWidth / px));
    fitToColumn();
    const observer = new ResizeObserver(fitToColumn);
    observer.observe(node);
    return () => observer.disconnect();
  }, [px]);

  return (
    <div ref={box} className="home-preview" data-width={width}>
      <div
        className="home-preview__viewport"
        style={{ width: px * scale, height: height * scale }}
        // Links in the preview lead nowhere: it shows the page, the editor stays open.
        onClickCapture={(e) => e.preventDefault()}
      >
        <div style={{ width: px, height, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
          <Frame width={px} height={height} title={`Home page preview, ${width} width (${px} px)`}>
            <AnnouncementStrip messages={home.announcements.filter((m) => m.trim())} />
            <main className="home-preview__page">
              <HomeSections home={home} silky={[]} />
            </main>
          </Frame>
        </div>
      </div>
    </div>
  );
}
