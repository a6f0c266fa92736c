/**
 * What a newsletter contains. Pasted HTML is cleaned with an allow-list fit for email (tables,
 * inline styles, https/mailto links, https images; no scripts, forms or event handlers), the plain
 * text part can be made from it, and every recipient's copy gets the footer the law and the
 * mailbox providers ask for: the organisation's name and postal address and a working unsubscribe
 * link, in both parts, with the List-Unsubscribe headers of RFC 2369 and RFC 8058. The footer is
 * in the language the subscriber signed up in.
 */
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { site } from '../../../src/lib/site.ts';
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG, type Lang } from '../../../src/lib/i18n/languages.ts';
import { bodyContent, templateParts } from './template.ts';

const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'code', 'col', 'colgroup', 'div', 'em', 'font', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];
const LAYOUT_ATTRIBUTES = ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'dir', 'lang', 'class'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': LAYOUT_ATTRIBUTES,
    a: ['href', 'title', 'target', 'rel', ...LAYOUT_ATTRIBUTES],
    img: ['src', 'alt', 'title', ...LAYOUT_ATTRIBUTES],
    td: ['colspan', 'rowspan', ...LAYOUT_ATTRIBUTES],
    th: ['colspan', 'rowspan', 'scope', ...LAYOUT_ATTRIBUTES],
    font: ['color', 'face', 'size', ...LAYOUT_ATTRIBUTES],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** CSS functions an email's inline style may use: colours and arithmetic, none of which loads anything. */
const SAFE_CSS_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc']);

const character = (codePoint: number) => (codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd');
const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => character(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => character(Number(dec)))
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Whether an inline style could load or run something. sanitize-html keeps every property, so a
 * style is refused whole when it calls any CSS function but colours and calc (url(), image-set()
 * with a bare string, expression(), …), holds a CSS escape (`\75 rl(` is url(), so a backslash is
 * never needed in an email's style), an at-rule, or what the parser could not read as properties.
 */
function loadsAnything(style: string): boolean {
  const css = decodeEntities(style);
  if (/[\\@]|undefined:/.test(css)) return true;
  for (const [, name] of css.matchAll(/([-\w]*)\s*\(/g)) {
    if (!SAFE_CSS_FUNCTIONS.has((name ?? '').toLowerCase())) return true;
  }
  return false;
}

function safeStyles(html: string): string {
  return html.replace(/\sstyle="([^"]*)"/gi, (whole, style: string) => (loadsAnything(style) ? '' : whole));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Whether HTML Content holds any tag: text typed without one is written as paragraphs instead. */
const hasTags = (html: string) => /<\/?[a-z!][^>]*>/i.test(html);

/** A link's end: punctuation that closes a sentence belongs to the sentence, not the address. */
const URL_IN_TEXT = /\bhttps:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]/g;

/**
 * Text typed without tags, as the paragraphs it was written in: a blank line starts a new
 * paragraph, a single line break stays a line break, and https addresses become links.
 */
export function paragraphsFromText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const linked = escapeHtml(paragraph).replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`);
      return `<p>${linked.replace(/[ \t]*\n[ \t]*/g, '<br />')}</p>`;
    })
    .join('\n');
}

/** Inline styles are how email is laid out, so they stay; one that loads anything (url(...)) goes. */
export function sanitizeNewsletterHtml(html: string): string {
  const source = hasTags(html) ? html : paragraphsFromText(html);
  return safeStyles(sanitizeHtml(source, OPTIONS)).trim();
}

/** A plain-text part made from the HTML, links kept as "text [url]", lines wrapped at 78. */
export function htmlToPlainText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
}

/** The organisation's postal address on one line (CAN-SPAM asks for it in every commercial message). */
export function postalAddress(): string {
  const a = site.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/** The footer's words in the subscriber's language (the catalogues, content/messages/). */
export function footerText(lang: Lang = DEFAULT_LANG) {
  return {
    why: message(lang, 'mailNewsletterWhy', { host: new URL(site.url).host }),
    unsubscribe: message(lang, 'mailNewsletterUnsubscribe'),
    /** The plain-text part's line, punctuated as the language writes it ('Se désabonner : …'). */
    unsubscribeLine: (url: string) => message(lang, 'mailNewsletterUnsubscribeLine', { url }),
  };
}

export interface RecipientLinks {
  /** https link to the one-click unsubscribe endpoint, with this recipient's token. */
  unsubscribeUrl: string;
  /** mailto: with the same token, when a mailbox handles unsubscribes. */
  unsubscribeMailto?: string;
  /** The language the subscriber signed up in: the footer's words follow it (English when absent). */
  lang?: Lang;
}

/**
 * A campaign's copy split where it becomes personal: each body is the same for every recipient up
 * to a line break before the footer's unsubscribe link, then ends with that recipient's part
 * (`after`). The HTML's line break sits between two tags, where it changes nothing on screen.
 */
export function campaignCopy(campaign: { subject: string; body_html: string; body_text: string }, lang: Lang = DEFAULT_LANG, contentLang: Lang = DEFAULT_LANG) {
  const address = postalAddress();
  const words = footerText(lang);
  // The footer says which language it is in, for screen readers, when the campaign is in another.
  const footerLang = lang === contentLang ? '' : ` lang="${lang}"`;
  // A campaign is written in the default language, a welcome mail in its reader's (`contentLang`).
  const template = templateParts(contentLang);
  const footerStart =
    template.beforeFooter +
    `<div${footerLang} style="margin-top:8px;padding-top:16px;border-top:1px solid #d9d9d9;font-size:12px;line-height:1.5;color:#555555">` +
    `<p style="margin:0 0 8px">${escapeHtml(words.why)}</p><p style="margin:0 0 8px">\n`;
  const footerEnd = (links: RecipientLinks) =>
    `<a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#555555">${escapeHtml(words.unsubscribe)}</a></p>` +
    `<p style="margin:0">${escapeHtml(site.name)} · ${escapeHtml(address)}</p></div>`;
  return {
    subject: campaign.subject,
    // The campaign inside the template (template.ts); a pasted whole document gives its body.
    html: { before: template.start + bodyContent(campaign.body_html) + footerStart, after: (links: RecipientLinks) => footerEnd(links) + template.end },
    text: {
      before: `${campaign.body_text.trimEnd()}\n\n-- \n${words.why}\n`,
      after: (links: RecipientLinks) => `${words.unsubscribeLine(links.unsubscribeUrl)}\n${site.name}, ${address}\n`,
    },
    /** RFC 2369 and RFC 8058: a one-click https link, and a mailto where a mailbox handles them. */
    listUnsubscribe: (links: RecipientLinks) => [`<${links.unsubscribeUrl}>`, ...(links.unsubscribeMailto ? [`<${links.unsubscribeMailto}>`] : [])].join(', '),
    fixedHeaders: {
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${site.name} newsletter <newsletter.${new URL(site.url).hostname}>`,
      Precedence: 'bulk',
    },
  };
}
