// A short page for a person who opened their return label link in a browser and met a problem.
// React escapes the message.
import { renderToStaticMarkup } from 'react-dom/server';

export function labelNoticePage(message: string): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Your return label · Murashki</title>
      </head>
      <body style={{ margin: 0, background: '#faf7f2', color: '#2b2624', font: '16px/1.6 Helvetica,Arial,sans-serif' }}>
        <main style={{ maxWidth: '34rem', margin: '12vh auto', padding: '0 24px' }}>
          <h1 style={{ font: "400 28px/1.3 Georgia,'Times New Roman',serif", margin: '0 0 16px' }}>
            Your return label
          </h1>
          <p style={{ margin: 0 }}>{message}</p>
        </main>
      </body>
    </html>,
  )}`;
}
