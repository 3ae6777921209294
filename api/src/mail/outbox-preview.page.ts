import type { OutboxMessage } from './outbox.mailer';

/**
 * A plain HTML page showing an outbox message. Everything from the message is escaped; links
 * in the text part become anchors so a developer can follow a reset link. The HTML part is
 * shown as source, never rendered: the page must not run or load anything a mail contains.
 */
export function renderOutboxPage(message: OutboxMessage): string {
  const rows = [
    ['From', message.from],
    ['To', message.to],
    ['Subject', message.subject],
    ['Date', message.date],
    ['Message-ID', message.messageId],
  ]
    .map(
      ([name, value]) =>
        `<tr><th>${escapeHtml(name ?? '')}</th><td>${escapeHtml(value ?? '')}</td></tr>`,
    )
    .join('\n');
  const html =
    message.html === null
      ? ''
      : `<details><summary>HTML part (source)</summary><pre>${escapeHtml(message.html)}</pre></details>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Outbox: ${escapeHtml(message.subject)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
th{text-align:left;padding-right:1rem;vertical-align:top;color:#555}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f6f6;padding:1rem;border-radius:6px}
</style>
</head>
<body>
<p><strong>Development outbox</strong>: this message was not delivered.</p>
<table>
${rows}
</table>
<pre>${linkify(escapeHtml(message.text))}</pre>
${html}
</body>
</html>
`;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// Runs on escaped text, which holds no raw '<' or '"', so a match cannot leave the attribute.
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<"']+/g, (url) => `<a href="${url}">${url}</a>`);
}
