import { PDFDocument, rgb, type Color, type PDFPage } from 'pdf-lib';
import {
  DEFAULT_LANGUAGE,
  LOCALES,
  formatCentsIn,
  formatDateIn,
  type Language,
} from '@webpay/contracts/language';
import { fromCents, toCents, type Cents } from '@webpay/contracts/money';
import {
  reconciliationAmountIn,
  reconciliationLines,
  type StatementReconciliation,
} from '@webpay/contracts/statement-reconciliation';
import type { StatementStatus } from '@webpay/contracts/statements';
import type { StatementItem } from '../../db/schema.ts';
import { drawRuns, type FontChain } from './font-chain.ts';
import { embedStatementFonts, type StatementFonts } from './statement-fonts.ts';
import { STATEMENT_PDF_MESSAGES, type StatementPdfMessages } from './statement-pdf-messages.ts';

/*
 * A guarantor's statement as a printable PDF, laid out from the stored
 * statement on every request. US Letter, one table of lines that carries
 * over to as many pages as it needs with its header repeated, page numbers
 * on every page. Printed in the language it is downloaded in (decision
 * 0013), in fonts that print names in every script, embedded as subsets of
 * the glyphs used (decision 0017, statement-fonts.ts).
 */

export interface StatementTotals {
  chargesCents: Cents;
  paymentsCents: Cents;
  adjustmentsCents: Cents;
  balanceCents: Cents;
}

export interface StatementPdfInput {
  provider: {
    name: string;
    portalName: string;
    supportPhone: string;
    supportEmail: string;
  };
  /** The financial assistance notice every statement carries (section 501(r)). */
  assistance: { phone: string; webAddress: string };
  guarantorName: string;
  accountNumber: string;
  statementDate: string;
  dueDate: string;
  status: StatementStatus;
  amountDueCents: Cents;
  items: readonly StatementItem[];
  totals: StatementTotals;
  /** How the amount due compares with the dashboard today, printed below the totals. */
  reconciliation: StatementReconciliation;
  /** English when absent. */
  language?: Language;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Rows stop above the footer line. */
const CONTENT_BOTTOM = MARGIN + 24;

const TABLE_SIZE = 8;
const TABLE_LINE = 10;
const CELL_PAD_X = 3;
const CELL_PAD_Y = 4;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.36, 0.38, 0.42);
const RULE = rgb(0.75, 0.77, 0.8);
const SHADE = rgb(0.95, 0.96, 0.97);
const ACCENT_SHADE = rgb(0.92, 0.95, 0.98);

type Align = 'left' | 'right';

interface Column {
  title: string;
  width: number;
  align: Align;
  cell: (item: StatementItem) => string;
}

function columnsIn(language: Language): readonly Column[] {
  const titles = STATEMENT_PDF_MESSAGES[language].columns;
  const date = (value: string) => formatDateIn(language, value);
  const money = (cents: Cents) => formatCentsIn(language, cents);
  return [
    { title: titles.serviceDate, width: 62, align: 'left', cell: (item) => date(item.serviceDate) },
    {
      title: titles.account,
      width: 68,
      align: 'left',
      cell: (item) => `${item.facilityId}-${item.accountNumber}`,
    },
    { title: titles.patient, width: 82, align: 'left', cell: (item) => item.patientName },
    { title: titles.description, width: 108, align: 'left', cell: (item) => item.description },
    { title: titles.charges, width: 53, align: 'right', cell: (item) => money(item.chargesCents) },
    {
      title: titles.payments,
      width: 53,
      align: 'right',
      cell: (item) => money(item.paymentsCents),
    },
    {
      title: titles.adjustments,
      width: 53,
      align: 'right',
      cell: (item) => money(item.adjustmentsCents),
    },
    { title: titles.balance, width: 53, align: 'right', cell: (item) => money(item.balanceCents) },
  ];
}

/** Long names shrink to fit their space rather than run into the text beside them. */
function fittingSize(font: FontChain, text: string, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size);
  return natural <= width ? size : Math.max(6, Math.floor((size * width) / natural));
}

/** Breaks text into lines no wider than `width`, splitting words only when one alone is too wide. */
export function wrapText(font: FontChain, size: number, text: string, width: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of font.printable(text).split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // Cut between characters, never inside one (a CJK name may hold a surrogate pair).
    let rest = [...word];
    while (rest.length > 1 && !fits(rest.join(''))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut -= 1;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

class StatementLayout {
  private readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** Top edge of the next thing drawn, measured from the bottom of the page. */
  private y = 0;
  private readonly language: Language;
  private readonly words: StatementPdfMessages;
  private readonly columns: readonly Column[];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: StatementFonts,
    private readonly input: StatementPdfInput,
  ) {
    this.language = input.language ?? DEFAULT_LANGUAGE;
    this.words = STATEMENT_PDF_MESSAGES[this.language];
    this.columns = columnsIn(this.language);
  }

  private date(value: string): string {
    return formatDateIn(this.language, value);
  }

  private money(cents: Cents): string {
    return formatCentsIn(this.language, cents);
  }

  render(): void {
    this.firstPage();
    if (this.input.items.length === 0) {
      this.ensureRoom(TABLE_LINE + 2 * CELL_PAD_Y);
      this.text(this.words.noActivity, MARGIN + CELL_PAD_X, this.y - 12, {
        size: 9,
        color: MUTED,
      });
      this.y -= TABLE_LINE + 2 * CELL_PAD_Y;
    }
    this.input.items.forEach((item, index) => this.itemRow(item, index));
    this.totalsAndAmountDue();
    this.reconciliation();
    this.assistanceNotice();
    this.footers();
  }

  private text(
    value: string,
    x: number,
    y: number,
    options: {
      size?: number;
      bold?: boolean;
      color?: Color;
      align?: Align;
      maxWidth?: number;
    } = {},
  ): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const safe = font.printable(value);
    const size = options.maxWidth
      ? fittingSize(font, safe, options.size ?? 9, options.maxWidth)
      : (options.size ?? 9);
    const left = options.align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
    drawRuns(this.page, font, safe, { x: left, y, size, color: options.color ?? INK });
  }

  private rule(y: number, thickness = 0.5, color = RULE): void {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE_WIDTH - MARGIN, y },
      thickness,
      color,
    });
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  private firstPage(): void {
    const { provider } = this.input;
    this.newPage();
    const top = this.y;
    this.text(provider.name, MARGIN, top - 16, { size: 16, bold: true, maxWidth: 360 });
    this.text(provider.portalName, MARGIN, top - 30, { size: 9, color: MUTED, maxWidth: 360 });
    this.text(this.words.questions(provider.supportPhone), MARGIN, top - 42, { size: 9 });
    this.text(this.words.orEmail(provider.supportEmail), MARGIN, top - 53, { size: 9 });
    this.text(this.words.title, PAGE_WIDTH - MARGIN, top - 16, {
      size: 16,
      bold: true,
      align: 'right',
    });
    this.text(this.date(this.input.statementDate), PAGE_WIDTH - MARGIN, top - 30, {
      size: 9,
      color: MUTED,
      align: 'right',
    });
    this.rule(top - 64);

    // Who the statement is for, and what it asks for.
    const blockTop = top - 84;
    this.text(this.words.guarantor, MARGIN, blockTop, { size: 8, color: MUTED });
    this.text(this.input.guarantorName, MARGIN, blockTop - 13, {
      size: 11,
      bold: true,
      maxWidth: 190,
    });
    this.text(this.words.accountNumber, MARGIN, blockTop - 31, { size: 8, color: MUTED });
    this.text(this.input.accountNumber, MARGIN, blockTop - 43, { size: 10 });

    const factsX = MARGIN + 200;
    // Room for the longest label, Spanish "Fecha de vencimiento", before the value.
    const labelWidth = 84;
    const facts: [string, string][] = [
      [this.words.statementDate, this.date(this.input.statementDate)],
      [this.words.dueDate, this.date(this.input.dueDate)],
      [this.words.status, this.words.statuses[this.input.status]],
    ];
    facts.forEach(([label, value], index) => {
      const y = blockTop - index * 15;
      this.text(label, factsX, y, { size: 8, color: MUTED, maxWidth: labelWidth - 4 });
      this.text(value, factsX + labelWidth, y, { size: 10 });
    });

    const boxWidth = 150;
    const boxX = PAGE_WIDTH - MARGIN - boxWidth;
    this.page.drawRectangle({
      x: boxX,
      y: blockTop - 50,
      width: boxWidth,
      height: 62,
      color: ACCENT_SHADE,
    });
    this.text(this.words.amountDue, boxX + 10, blockTop - 3, { size: 9, color: MUTED });
    this.text(this.money(this.input.amountDueCents), boxX + 10, blockTop - 24, {
      size: 18,
      bold: true,
    });
    this.text(this.words.payBy(this.date(this.input.dueDate)), boxX + 10, blockTop - 41, {
      size: 8,
    });

    this.y = blockTop - 70;
    this.tableHeader();
  }

  private continuationPage(withTableHeader: boolean): void {
    this.newPage();
    const top = this.y;
    this.text(this.input.provider.name, MARGIN, top - 11, { size: 11, bold: true, maxWidth: 220 });
    this.text(
      this.words.continued(this.date(this.input.statementDate), this.input.accountNumber),
      PAGE_WIDTH - MARGIN,
      top - 11,
      { size: 9, color: MUTED, align: 'right' },
    );
    this.rule(top - 20);
    this.y = top - 32;
    if (withTableHeader) this.tableHeader();
  }

  private tableHeader(): void {
    const height = TABLE_LINE + 2 * CELL_PAD_Y;
    let x = MARGIN;
    for (const column of this.columns) {
      const textX = column.align === 'right' ? x + column.width - CELL_PAD_X : x + CELL_PAD_X;
      this.text(column.title, textX, this.y - CELL_PAD_Y - TABLE_SIZE, {
        size: TABLE_SIZE,
        bold: true,
        align: column.align,
      });
      x += column.width;
    }
    this.y -= height;
    this.rule(this.y, 1, INK);
  }

  /** Starts a new page (with the table header, unless the table is done) when `height` does not fit on this one. */
  private ensureRoom(height: number, withTableHeader = true): void {
    if (this.y - height >= CONTENT_BOTTOM) return;
    this.continuationPage(withTableHeader);
  }

  private cells(item: StatementItem): string[][] {
    return this.columns.map((column) => {
      const value = column.cell(item);
      // Amounts are never wrapped or cut: a figure split over two lines could be misread.
      return column.align === 'right'
        ? [value]
        : wrapText(this.fonts.regular, TABLE_SIZE, value, column.width - 2 * CELL_PAD_X);
    });
  }

  private itemRow(item: StatementItem, index: number): void {
    const cells = this.cells(item);
    const lines = Math.max(...cells.map((cell) => cell.length));
    const height = lines * TABLE_LINE + 2 * CELL_PAD_Y;
    this.ensureRoom(height);
    if (index % 2 === 1) {
      this.page.drawRectangle({
        x: MARGIN,
        y: this.y - height,
        width: CONTENT_WIDTH,
        height,
        color: SHADE,
      });
    }
    let x = MARGIN;
    this.columns.forEach((column, columnIndex) => {
      const textX = column.align === 'right' ? x + column.width - CELL_PAD_X : x + CELL_PAD_X;
      (cells[columnIndex] ?? []).forEach((line, lineIndex) => {
        this.text(line, textX, this.y - CELL_PAD_Y - TABLE_SIZE - lineIndex * TABLE_LINE, {
          size: TABLE_SIZE,
          align: column.align,
        });
      });
      x += column.width;
    });
    this.y -= height;
  }

  private totalsAndAmountDue(): void {
    const { totals } = this.input;
    const rowHeight = TABLE_LINE + 2 * CELL_PAD_Y;
    this.ensureRoom(rowHeight + 44);
    this.rule(this.y, 1, INK);
    const baseline = this.y - CELL_PAD_Y - TABLE_SIZE;
    this.text(this.words.totals, MARGIN + CELL_PAD_X, baseline, { size: TABLE_SIZE, bold: true });
    const amounts = [
      totals.chargesCents,
      totals.paymentsCents,
      totals.adjustmentsCents,
      totals.balanceCents,
    ];
    let right = PAGE_WIDTH - MARGIN - CELL_PAD_X;
    for (let index = amounts.length - 1; index >= 0; index -= 1) {
      this.text(this.money(amounts[index] ?? 0), right, baseline, {
        size: TABLE_SIZE,
        bold: true,
        align: 'right',
      });
      right -= this.columns[this.columns.length - amounts.length + index]?.width ?? 0;
    }
    this.y -= rowHeight + 22;
    this.text(
      this.words.amountDueBy(this.date(this.input.dueDate), this.money(this.input.amountDueCents)),
      PAGE_WIDTH - MARGIN,
      this.y,
      { size: 11, bold: true, align: 'right' },
    );
    this.y -= 14;
    this.text(
      this.words.payOnline(this.input.provider.portalName, this.input.provider.supportPhone),
      PAGE_WIDTH - MARGIN,
      this.y,
      { size: 8, color: MUTED, align: 'right' },
    );
  }

  /**
   * How the amount due squares with the dashboard (decision 0010), kept on
   * one page: the sum from the statement's amount to what is due now, then
   * what is already paid and being processed.
   */
  private reconciliation(): void {
    const words = this.words.reconciliation;
    const { reconciliation, statementDate } = this.input;
    const small = (text: string) => wrapText(this.fonts.regular, 8, text, CONTENT_WIDTH);
    const intro = small(words.intro(this.date(statementDate), this.date(reconciliation.asOf)));
    const lines = reconciliationLines(fromCents(this.input.amountDueCents), reconciliation);
    const inProcessCents = toCents(reconciliation.paymentsInProcess);
    const note =
      inProcessCents > 0
        ? small(words.paymentsInProcess(this.money(inProcessCents), this.date(statementDate)))
        : [];
    const height = 40 + (intro.length + note.length) * 10 + lines.length * 14;
    this.y -= 16;
    this.ensureRoom(height, false);
    this.y -= 12;
    this.text(words.heading, MARGIN, this.y, { size: 10, bold: true });
    for (const line of intro) {
      this.y -= 11;
      this.text(line, MARGIN, this.y, { size: 8, color: MUTED });
    }
    this.y -= 4;
    for (const line of lines) {
      const total = line.key === 'dueNow';
      if (total) this.rule(this.y - 3);
      this.y -= 14;
      this.text(words.lines[line.key], MARGIN, this.y, {
        size: 9,
        bold: total,
        maxWidth: CONTENT_WIDTH - 110,
      });
      this.text(reconciliationAmountIn(this.language, line), PAGE_WIDTH - MARGIN, this.y, {
        size: 9,
        bold: total,
        align: 'right',
      });
    }
    this.y -= 4;
    for (const line of note) {
      this.y -= 10;
      this.text(line, MARGIN, this.y, { size: 8 });
    }
  }

  /** Where the financial assistance policy is, in plain words, on every statement. */
  private assistanceNotice(): void {
    const words = this.words.assistance;
    const { phone, webAddress } = this.input.assistance;
    const lines = wrapText(this.fonts.regular, 8, words.body(webAddress, phone), CONTENT_WIDTH);
    this.y -= 16;
    this.ensureRoom(24 + lines.length * 10, false);
    this.y -= 12;
    this.text(words.heading, MARGIN, this.y, { size: 10, bold: true });
    for (const line of lines) {
      this.y -= 11;
      this.text(line, MARGIN, this.y, { size: 8 });
    }
  }

  private footers(): void {
    const { provider } = this.input;
    this.pages.forEach((page, index) => {
      this.page = page;
      this.rule(MARGIN + 12);
      this.text(
        `${provider.name} · ${provider.supportPhone} · ${provider.supportEmail}`,
        MARGIN,
        MARGIN,
        { size: 7, color: MUTED, maxWidth: CONTENT_WIDTH - 80 },
      );
      this.text(this.words.page(index + 1, this.pages.length), PAGE_WIDTH - MARGIN, MARGIN, {
        size: 7,
        color: MUTED,
        align: 'right',
      });
    });
  }
}

/** Every string inside `value`: what a statement can print, so its fonts can be chosen up front. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const language = input.language ?? DEFAULT_LANGUAGE;
  const fonts = await embedStatementFonts(
    doc,
    stringsIn([input, STATEMENT_PDF_MESSAGES[language]]),
  );
  doc.setTitle(
    STATEMENT_PDF_MESSAGES[language].documentTitle(formatDateIn(language, input.statementDate)),
  );
  // Screen readers pick their voice from it.
  doc.setLanguage(LOCALES[language]);
  doc.setAuthor(input.provider.name);
  doc.setCreator(input.provider.portalName);
  doc.setProducer(input.provider.portalName);
  new StatementLayout(doc, fonts, input).render();
  return doc.save();
}
