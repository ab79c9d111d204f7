import { formatCents } from '../../../shared/domain/money';
import { newPdf, pdfFonts } from '../../platform/pdf';

export interface StatementGift {
  organization: string;
  reference: string;
  amountCents: number;
  at: Date;
}

const font = pdfFonts;
const day = (d: Date) => d.toISOString().slice(0, 10);
const money = (cents: number) => formatCents(cents, { whole: false });

/** The gifts of a statement grouped per organization (in the order each first appears), with totals. */
export function perOrganization(gifts: StatementGift[]) {
  const groups = new Map<string, StatementGift[]>();
  for (const g of gifts) groups.set(g.organization, [...(groups.get(g.organization) ?? []), g]);
  return [...groups].map(([organization, list]) => ({
    organization,
    gifts: list,
    amountCents: list.reduce((sum, g) => sum + g.amountCents, 0),
  }));
}

/**
 * The year-end giving statement as a PDF (US Letter): per organization, each gift's date, reference and
 * amount, the organization's total, and the words a receipt for a charitable gift needs (who received
 * it, how much, when, and that no goods or services were provided in exchange).
 */
export interface StatementInput {
  year: number;
  donorName: string;
  email: string;
  gifts: StatementGift[];
  issuedAt: Date;
  testMode: boolean;
}

export async function statementPdf(opts: StatementInput): Promise<Buffer> {
  const doc = await newPdf({
    size: 'LETTER',
    margin: 54,
    bufferPages: true,
    info: { Title: `Giving statement ${opts.year}`, Author: 'FanGrid', CreationDate: opts.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (opts.testMode) {
    doc.font(font.bold).fontSize(11).fillColor('#92400e').text('TEST MODE: no money moved. These are test payments.');
    doc.moveDown();
  }
  doc.font(font.bold).fontSize(20).fillColor('#111111').text(`Giving statement ${opts.year}`);
  doc.font(font.regular).fontSize(11).fillColor('#333333');
  doc.text(`${opts.donorName} <${opts.email}>`);
  doc.text(
    `Issued ${day(opts.issuedAt)} by FanGrid for the gifts made through it from January 1 to December 31, ${opts.year}.`,
  );
  doc.moveDown();
  const groups = perOrganization(opts.gifts);
  if (groups.length === 0) doc.text(`No gifts were made in ${opts.year}.`);
  // Each organization's gifts as a table: date, reference and the amount right-aligned under its heading,
  // the total under the amounts. A table that reaches the page's foot goes on on the next page, headings again.
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const column = { date: left, reference: left + 90, amount: left + width - 110 };
  const amountWidth = 110;
  const row = (cells: { date: string; reference: string; amount: string }, bold = false) => {
    doc.font(bold ? font.bold : font.regular).fontSize(10);
    const height = doc.currentLineHeight(true) + 3;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.text(cells.date, column.date, y, { lineBreak: false });
    doc.text(cells.reference, column.reference, y, { lineBreak: false });
    doc.text(cells.amount, column.amount, y, { width: amountWidth, align: 'right', lineBreak: false });
    doc.x = left;
    doc.y = y + height;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 3;
  };
  for (const group of groups) {
    // Keep a heading with at least its table's header and first rows.
    if (doc.y + 90 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font(font.bold).fontSize(14).fillColor('#111111').text(group.organization, left, doc.y, { width });
    doc.moveDown(0.3);
    doc.fillColor('#555555');
    row({ date: 'Date', reference: 'Reference', amount: 'Amount' }, true);
    rule();
    doc.fillColor('#333333');
    for (const [i, g] of group.gifts.entries()) {
      if (i > 0 && doc.y + 20 > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        doc.fillColor('#555555');
        row({ date: 'Date', reference: `Reference (${group.organization}, continued)`, amount: 'Amount' }, true);
        rule();
        doc.fillColor('#333333');
      }
      row({ date: day(g.at), reference: g.reference, amount: money(g.amountCents) });
    }
    rule();
    doc.fillColor('#111111');
    row(
      {
        date: 'Total',
        reference: `${group.gifts.length} gift${group.gifts.length === 1 ? '' : 's'}`,
        amount: money(group.amountCents),
      },
      true,
    );
    doc.moveDown(0.3);
    doc
      .font(font.regular)
      .fontSize(10)
      .fillColor('#333333')
      .text(
        `${group.organization} received these gifts. No goods or services were provided in exchange for them.`,
        left,
        doc.y,
        { width },
      );
    doc.moveDown();
  }
  const total = groups.reduce((sum, g) => sum + g.amountCents, 0);
  if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc
    .font(font.bold)
    .fontSize(12)
    .fillColor('#111111')
    .text(`Total given in ${opts.year}: ${money(total)}`, left, doc.y, { width });
  doc.moveDown();
  doc
    .font(font.regular)
    .fontSize(9)
    .fillColor('#555555')
    .text(
      'Keep this statement with your records. It lists every gift with the organization that received it, its amount and its date; no goods or services were provided in exchange for any gift listed.',
    );
  // Every page names the statement and its page, in the bottom margin (kept clear of the flowing text).
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(font.regular)
      .fontSize(8)
      .fillColor('#777777')
      .text(
        `Giving statement ${opts.year} · ${opts.donorName} · page ${i - pages.start + 1} of ${pages.count}`,
        left,
        doc.page.height - bottom + 18,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
