import type { Plugin } from 'vite';

/**
 * The first screen's CSS inside index.html, as one `<style>` element, instead of a stylesheet the
 * browser must fetch before it paints anything: on a slow mobile network that request is a whole
 * round trip (Lighthouse's "render-blocking resources"). The apps render in the browser, so the
 * page has no markup a critical-CSS extractor could measure; what the first screen needs is what
 * the entry chunk imports (tokens, the reset, the shell, the landing screen), a few kilobytes
 * compressed. Screens loaded later keep their own stylesheets.
 *
 * The server's Content-Security-Policy has no 'unsafe-inline' for styles: it allows this element
 * by its SHA-256, which the API computes from the index.html it serves (api/src/web), so the
 * hash can never fall behind the build.
 */
export function inlineEntryCss(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'shortlist-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has added the entry's <link rel="stylesheet"> tags.
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        let page = html;
        for (const fileName of chunk.viteMetadata?.importedCss ?? []) {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') continue;
          const css = String(asset.source).trim();
          // The HTML parser ends a <style> element at the first '</style'; CSS never needs one.
          if (/<\/style/i.test(css)) throw new Error(`${fileName} holds '</style'; not inlined`);
          const link = new RegExp(
            `<link rel="stylesheet"[^>]*href="[^"]*/${escapeRegExp(fileName)}"[^>]*>`,
          );
          if (!link.test(page)) throw new Error(`index.html has no stylesheet link to ${fileName}`);
          // A function, so '$' in the CSS is not read as a replacement pattern.
          page = page.replace(link, () => `<style>${css}</style>`);
          inlined.add(fileName);
        }
        return page;
      },
    },
    // After Vite has written each lazy chunk's list of what to load with it (later than
    // index.html): a chunk loaded from another lazy chunk that uses something of the first load
    // lists the entry's CSS, and the file must then exist; a file no chunk names would be dead.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of inlined) {
          const named = Object.values(bundle).some(
            (file) => file.type === 'chunk' && file.code.includes(fileName),
          );
          if (!named) delete bundle[fileName];
        }
      },
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
