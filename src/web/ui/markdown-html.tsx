// HTML made by the shop's markdown renderer (src/domain/markdown.ts: markdown-it with raw HTML off, so
// the owner's text cannot carry tags or scripts). The one place pages insert HTML they did not build.
export function MarkdownHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'section';
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML disabled (see above)
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
