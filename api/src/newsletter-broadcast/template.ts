/**
 * The template every campaign is sent in: the organisation's name and logo on its green, the
 * campaign on white in readable type, the footer (why you receive it, unsubscribe, postal address)
 * at the foot. Built as mail clients render it: nested presentation tables 600 px wide that shrink
 * to the phone's width, every colour and size inline (Gmail and Outlook drop much of <head>), and a
 * <style> only for what inline styles cannot say: dark mode for the clients that honour
 * prefers-color-scheme, and images that never overflow a phone.
 */
import { site } from '../../../src/lib/site.ts';

/** The site's design tokens (src/styles/tokens.css), as mail needs them: literal hex values. */
export const TEMPLATE_COLOURS = { brand: '#1f3d33', accent: '#e8b04b', onBrand: '#ffffff', paper: '#ffffff', page: '#fbf6ee', ink: '#1e1a16', muted: '#5e564e', rule: '#d9d9d9' } as const;

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** What a campaign's HTML holds between its <body> tags (pasted whole documents are unwrapped: the template is the document). */
export function bodyContent(html: string): string {
  return /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
}

const DARK_MODE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
img { max-width: 100%; height: auto; }
.nl-content p { margin: 0 0 16px; }
.nl-content a { color: ${TEMPLATE_COLOURS.brand}; }
@media (prefers-color-scheme: dark) {
  .nl-page { background: #121212 !important; }
  .nl-paper { background: #1e1e1e !important; }
  .nl-content, .nl-content p, .nl-content li, .nl-content h1, .nl-content h2, .nl-content h3 { color: #f2efe9 !important; }
  .nl-content a { color: ${TEMPLATE_COLOURS.accent} !important; }
  .nl-foot, .nl-foot p, .nl-foot a { color: #c9c4bc !important; }
}`;

/**
 * The document up to where the campaign's own HTML goes (`start`), and from the campaign's end to
 * where the footer goes (`beforeFooter`), and after the footer (`end`).
 */
/** The logo's path on the site (public/). */
export const LOGO_PATH = '/apple-touch-icon.png';

export function templateParts(lang: string) {
  const logo = `${site.url}${LOGO_PATH}`;
  const start =
    `<!doctype html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">' +
    `<title>${escapeHtml(site.name)}</title><style>${DARK_MODE}</style></head>\n` +
    `<body style="margin:0;padding:0;background:${TEMPLATE_COLOURS.page}">` +
    `<table role="presentation" class="nl-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${TEMPLATE_COLOURS.page}"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" class="nl-paper" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:${TEMPLATE_COLOURS.paper};border-radius:8px">` +
    `<tr><td style="background:${TEMPLATE_COLOURS.brand};border-radius:8px 8px 0 0;padding:16px 24px;border-bottom:4px solid ${TEMPLATE_COLOURS.accent}">` +
    `<a href="${escapeHtml(site.url)}" style="color:${TEMPLATE_COLOURS.onBrand};text-decoration:none;${FONT};font-size:22px;font-weight:700;line-height:48px">` +
    `<img src="${escapeHtml(logo)}" width="48" height="48" alt="" style="vertical-align:middle;border:0;border-radius:8px;margin-right:12px">${escapeHtml(site.name)}</a></td></tr>\n` +
    `<tr><td class="nl-content" style="padding:24px;${FONT};font-size:17px;line-height:1.6;color:${TEMPLATE_COLOURS.ink}">\n`;
  const beforeFooter = `\n</td></tr>\n<tr><td class="nl-foot" style="padding:0 24px 24px;${FONT};color:${TEMPLATE_COLOURS.muted}">`;
  const end = '</td></tr></table></td></tr></table></body></html>\n';
  return { start, beforeFooter, end };
}
