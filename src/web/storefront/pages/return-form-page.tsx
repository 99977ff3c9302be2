import { SimplePage } from './simple-page.js';

/** /return-form (optional ?orderId); the returns feature adds the order lookup. */
export function ReturnFormPage() {
  return (
    <SimplePage
      eyebrow="Returns"
      title="Start a return"
      canonicalPath="/return-form"
      lede="Enter your order number to choose the pieces you would like to send back."
    />
  );
}
