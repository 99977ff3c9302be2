// A schema.org description for search engines. It is a data block, not a script the browser runs,
// so the CSP allows it; `<` is escaped so no text inside can close the element.
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, a data block the browser never runs
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
