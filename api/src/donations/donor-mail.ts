/**
 * The mail a donor gets (receipts, statements, the "Manage my giving" link) in the newsletter's
 * branded template (template.ts: logo, colours), with the organisation's legal block as its
 * footer, and a plain-text part that says the same in the same order.
 */
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { addressLines } from '../../../src/lib/site-config.ts';
import { site } from '../../../src/lib/site.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { TEMPLATE_COLOURS, templateParts } from '../newsletter-broadcast/template.ts';

/** A paragraph, rows of facts (a label and its value; `line`, the two as the plain-text part writes them), a list, or a button to a page. */
export type DonorMailBlock = string | { rows: ReadonlyArray<{ label: string; value: string; line: string }> } | { button: { label: string; url: string } } | { lines: readonly string[] };

export interface DonorMail {
  kind: string;
  to: string;
  subject: string;
  lang: Lang;
  blocks: readonly DonorMailBlock[];
  /** Small print under the mail: the organisation's legal block, why the mail came. */
  footer: readonly string[];
}

const AUTO = { 'Auto-Submitted': 'auto-generated' };
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
const withBreaks = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

/** The organisation's name, address and phone, as a receipt's last lines. */
export const organisationLines = () => [site.legalName ?? site.name, ...addressLines(site), site.phoneDisplay];

function blockHtml(block: DonorMailBlock): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px">${withBreaks(block)}</p>`;
  if ('rows' in block) {
    const rows = block.rows
      .map(({ label, value }) => `<tr><th scope="row" align="left" style="padding:6px 12px 6px 0;font-weight:400;color:${TEMPLATE_COLOURS.muted};vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`)
      .join('');
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-top:1px solid ${TEMPLATE_COLOURS.rule};border-bottom:1px solid ${TEMPLATE_COLOURS.rule};width:100%">${rows}</table>`;
  }
  if ('lines' in block) return `<ul style="margin:0 0 16px;padding-left:20px">${block.lines.map((line) => `<li style="margin:0 0 6px">${escapeHtml(line)}</li>`).join('')}</ul>`;
  const { label, url } = block.button;
  return `<p style="margin:8px 0 20px"><a href="${escapeHtml(url)}" style="display:inline-block;background:${TEMPLATE_COLOURS.brand};color:${TEMPLATE_COLOURS.onBrand};text-decoration:none;font-weight:700;padding:12px 20px;border-radius:6px;${FONT}">${escapeHtml(label)}</a></p>`;
}

function blockText(block: DonorMailBlock): string {
  if (typeof block === 'string') return block;
  if ('rows' in block) return block.rows.map((row) => row.line).join('\n');
  if ('lines' in block) return block.lines.map((line) => `- ${line}`).join('\n');
  return `${block.button.label}\n${block.button.url}`;
}

/** The receipt or statement as a page of its own (downloaded again from "Manage my giving"). */
export function donorMailHtml(mail: Pick<DonorMail, 'lang' | 'blocks' | 'footer'>): string {
  const template = templateParts(mail.lang);
  const footer = `<div style="margin-top:8px;padding-top:16px;border-top:1px solid ${TEMPLATE_COLOURS.rule};font-size:13px;line-height:1.5">${mail.footer.map((line) => `<p style="margin:0 0 8px">${withBreaks(line)}</p>`).join('')}</div>`;
  return template.start + mail.blocks.map(blockHtml).join('\n') + template.beforeFooter + footer + template.end;
}

export function donorMailText(mail: Pick<DonorMail, 'blocks' | 'footer'>): string {
  return `${[...mail.blocks.map(blockText), '-- ', ...mail.footer].join('\n\n')}\n`;
}

export function asDonorMail(mail: DonorMail): OutgoingMail {
  return { kind: mail.kind, to: mail.to, subject: mail.subject, text: donorMailText(mail), html: donorMailHtml(mail), headers: AUTO, replyTo: site.mailboxes.info };
}
