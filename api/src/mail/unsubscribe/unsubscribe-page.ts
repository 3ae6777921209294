import { escapeHtml } from '../outbox-preview.page';

/**
 * The unsubscribe pages: plain HTML (the web apps may not be built where a mail link lands),
 * in the brand's colours, with no script. The button posts the same token back.
 */
export function unsubscribePage(
  input: { state: 'ask'; token: string } | { state: 'done'; message: string },
): string {
  const body =
    input.state === 'ask'
      ? `<h1>Unsubscribe from reminders?</h1>
<p>We will stop sending reminders about unpaid orders. Mails about the orders you paid for
(receipts, deliveries, refunds) still come.</p>
<form method="post" action="?token=${encodeURIComponent(input.token)}">
<button type="submit">Unsubscribe</button>
</form>`
      : `<h1>${escapeHtml(input.message)}</h1>
<p>Mails about the orders you paid for (receipts, deliveries, refunds) still come.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shortlist: reminder mails</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f7fa;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #d9e0ea;border-radius:8px;padding:1.5rem}
.brand{color:#0b63c5;font-weight:700;margin:0 0 1rem}
h1{font-size:1.375rem;line-height:1.3}
p{line-height:1.5;color:#475569}
button{background:#0b63c5;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;font-weight:600;cursor:pointer;min-height:44px}
button:focus-visible{outline:3px solid #0a4f9e;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="brand">Shortlist</p>
${body}
</main>
</body>
</html>
`;
}
