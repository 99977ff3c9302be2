// Inline CSS for email markup, written as the CSS it becomes. React takes a style object and prints
// it back as `prop:value;…`, so `css('margin:0 0 12px;color:#7b2d3b')` gives the object that prints
// the same declarations (vendor and Outlook `mso-` properties included). Only constant CSS goes
// through here (the theme's colours and fonts, never text from people), so each string is parsed once.
import type { CSSProperties } from 'react';

const cache = new Map<string, CSSProperties>();

/** The React name of a CSS property: `font-size` → `fontSize`, `-webkit-x` → `WebkitX`, `-ms-x` → `msX`. */
function propertyName(name: string): string {
  const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  if (name.startsWith('-ms-')) return `ms${camel.slice(2)}`;
  return name.startsWith('-') ? camel.charAt(0).toUpperCase() + camel.slice(1) : camel;
}

/** A style object for `declarations` ('prop:value;prop:value'). */
export function css(declarations: string): CSSProperties {
  let style = cache.get(declarations);
  if (!style) {
    const parsed: Record<string, string> = {};
    for (const declaration of declarations.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon < 0) continue;
      parsed[propertyName(declaration.slice(0, colon).trim())] = declaration.slice(colon + 1).trim();
    }
    style = parsed as CSSProperties;
    cache.set(declarations, style);
  }
  return style;
}
