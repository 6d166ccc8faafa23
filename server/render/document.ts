import type { PageHead } from './head';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's head tags: title, description, canonical URL, Open Graph and Twitter card. */
export function headTags(head: PageHead, appUrl: string): string {
  const e = escapeHtml;
  const image = `${appUrl}/icons/icon-512.png`;
  return [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<link rel="canonical" href="${e(head.canonical)}" />`,
    '<meta property="og:site_name" content="Skillway" />',
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(head.canonical)}" />`,
    `<meta property="og:image" content="${e(image)}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/?>/;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/;

/**
 * The built index.html with this page's head and, when given, the server-rendered app in
 * #root and the data it was rendered from (read by app/lib/ssr-data.ts before hydrating).
 */
export function renderDocument(
  template: string,
  head: PageHead,
  appUrl: string,
  app?: { html: string; data: unknown },
): string {
  const tags = headTags(head, appUrl);
  let doc = template.replace(DESCRIPTION, '');
  if (TITLE.test(doc)) doc = doc.replace(TITLE, () => tags);
  else if (doc.includes('</head>')) doc = doc.replace('</head>', () => `${tags}\n  </head>`);
  else doc = doc.replace('<body>', () => `<head>${tags}</head><body>`);
  if (app) {
    doc = doc.replace(
      ROOT,
      () =>
        `<div id="root">${app.html}</div>\n    <script id="ssr-data" type="application/json">${scriptJson(app.data)}</script>\n    `,
    );
  }
  return doc;
}
