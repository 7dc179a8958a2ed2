/**
 * The Spanish glossary (docs/spanish-glossary.md): for each English term the
 * portal uses, the one Spanish term every catalogue, e-mail and PDF says, and
 * the variants none may say instead. A patient reading two screens must not
 * wonder whether two words mean two things. The catalogue tests check every
 * Spanish text against it; a test checks the document shows this list.
 */
export interface GlossaryEntry {
  /** The English term, as the English texts use it. */
  readonly english: string;
  /** The one Spanish term for it. */
  readonly spanish: string;
  /** What a Spanish text must not say for it: whole words, any case. */
  readonly rejected: readonly string[];
  /** Why the term, and what a rejected variant would make a patient read. */
  readonly why: string;
}

export const SPANISH_GLOSSARY: readonly GlossaryEntry[] = [
  {
    english: 'pending (a payment received, not yet applied)',
    spanish: 'en proceso',
    rejected: ['pendiente', 'pendientes'],
    why: 'Beside balances, "$50.00 pendiente" reads as $50.00 still owed. "En proceso" says the money arrived and is being applied.',
  },
  {
    english: 'outstanding, open (still owed)',
    spanish: 'por pagar',
    rejected: ['por cobrar', 'adeudado'],
    why: '"Por cobrar" is the hospital\'s side of the bill. Owed bills are never "pendientes", so that word cannot be confused with a payment in process.',
  },
  {
    english: 'balance',
    spanish: 'saldo',
    rejected: ['balance', 'adeudo'],
    why: '"Balance" is an anglicism; "saldo" is what US Spanish bank and hospital statements print.',
  },
  {
    english: 'amount due',
    spanish: 'monto a pagar',
    rejected: ['monto adeudado', 'monto debido', 'cantidad adeudada'],
    why: 'The same words on the dashboard, the statement, its PDF and its e-mail notice.',
  },
  {
    english: 'amount',
    spanish: 'monto',
    rejected: ['importe', 'cantidad'],
    why: '"Monto" is the US Spanish word for a sum of money; "cantidad" also means a count.',
  },
  {
    english: 'payment plan',
    spanish: 'plan de pagos',
    rejected: ['plan de pago', 'planes de pago', 'plan de financiamiento'],
    why: 'A plan of several payments; the plural is "planes de pagos". One spelling, so a patient never wonders whether there are two kinds.',
  },
  {
    english: 'payment method',
    spanish: 'forma de pago',
    rejected: ['método de pago', 'medio de pago', 'modo de pago'],
    why: 'The receipt, the payment dialog and the payment history name the card or eCheck the same way.',
  },
  {
    english: 'card',
    spanish: 'tarjeta',
    rejected: ['tarjeta de crédito', 'tarjeta de débito'],
    why: 'The processor takes credit and debit cards alike; naming one makes holders of the other doubt theirs works.',
  },
  {
    english: 'eCheck',
    spanish: 'cheque electrónico',
    rejected: ['echeck', 'e-check', 'cheque en línea'],
    why: 'A payment from a checking or savings account, written out so it reads as Spanish.',
  },
  {
    english: 'routing number',
    spanish: 'número de ruta bancaria',
    rejected: ['número de ruta', 'número ABA'],
    why: 'Bare "número de ruta" reads as a route; "ABA" is jargon few patients know.',
  },
  {
    english: 'account number',
    spanish: 'número de cuenta',
    rejected: ['número de la cuenta', 'n.º de cuenta', 'no. de cuenta'],
    why: 'The label printed on the statement beside the number a patient types to sign in.',
  },
  {
    english: 'receipt',
    spanish: 'recibo',
    rejected: ['comprobante', 'boleta', 'ticket'],
    why: 'The portal shows, prints and e-mails one thing, the receipt, with its receipt number.',
  },
  {
    english: 'guarantor',
    spanish: 'garante',
    rejected: ['fiador', 'avalista', 'aval'],
    why: 'The person responsible for the bill. "Fiador" and "aval" are a loan co-signer, a different obligation.',
  },
  {
    english: 'statement',
    spanish: 'estado de cuenta',
    rejected: ['extracto', 'resumen de cuenta'],
    why: 'What US Spanish billing mail calls it; "extracto" is Spain\'s word.',
  },
  {
    english: 'statement date',
    spanish: 'fecha de emisión',
    rejected: ['fecha del estado de cuenta', 'fecha de corte'],
    why: 'The day the statement was issued. "Fecha del estado de cuenta" can read as the date of an account status, and does not fit the PDF\'s label.',
  },
  {
    english: 'due date',
    spanish: 'fecha de vencimiento',
    rejected: ['vencimiento', 'fecha límite'],
    why: "Whole everywhere, the PDF included, so the label matches the dashboard's column.",
  },
  {
    english: 'facility',
    spanish: 'centro',
    rejected: ['instalación', 'instalaciones', 'establecimiento'],
    why: 'A hospital, clinic or lab. "Instalación" reads as equipment or a building\'s fittings.',
  },
  {
    english: 'encounter',
    spanish: 'servicio',
    rejected: ['encuentro'],
    why: 'A visit or service billed on its own account; "encuentro" is a literal translation no patient uses.',
  },
  {
    english: 'item (a line being paid)',
    spanish: 'concepto',
    rejected: ['artículo', 'partida'],
    why: 'What US Spanish invoices call a line; "artículo" is a thing bought in a shop.',
  },
  {
    english: 'Dashboard',
    spanish: 'Panel',
    rejected: ['tablero', 'panel de control'],
    why: 'The name in the menu, so "Vuelva al Panel" leads where the menu says.',
  },
  {
    english: 'sign in, log in',
    spanish: 'iniciar sesión',
    rejected: ['entrar', 'ingresar a su cuenta', 'acceder a su cuenta', 'loguearse', 'login'],
    why: 'The words on the sign-in buttons; every message that sends a patient there says the same.',
  },
  {
    english: 'sign-in link',
    spanish: 'enlace para iniciar sesión',
    rejected: ['enlace de inicio de sesión', 'enlaces de inicio de sesión', 'enlace mágico'],
    why: 'The link the sign-in page offers to e-mail, named as the page names it.',
  },
  {
    english: 'log out',
    spanish: 'cerrar sesión',
    rejected: ['salir', 'desconectarse'],
    why: 'The header\'s button. "Salir" could mean leaving a page.',
  },
  {
    english: 'locked (sign-in after too many failed attempts)',
    spanish: 'bloqueado',
    rejected: ['en pausa', 'pausado', 'pausada', 'suspendido', 'suspendida'],
    why: 'A lockout stops sign-in for a time. "En pausa" sounds like something the patient paused; "suspendido" like a closed account.',
  },
  {
    english: 'Close, Dismiss',
    spanish: 'Cerrar',
    rejected: ['descartar'],
    why: 'Every button that puts a dialog, notice or message away. "Descartar" sounds like throwing away the payment.',
  },
  {
    english: 'email (a message, or the way something is sent)',
    spanish: 'correo electrónico',
    rejected: ['email', 'e-mail', 'mail', 'emilio'],
    why: 'The full form, so "correo" alone is never left to mean post or e-mail.',
  },
  {
    english: 'email address',
    spanish: 'dirección de correo electrónico',
    rejected: ['correos electrónicos', 'dirección de email', 'dirección electrónica'],
    why: '"Correos electrónicos" are messages: "save receipt email addresses" is not "guardar los correos electrónicos"; say "direcciones de correo electrónico".',
  },
  {
    english: 'by email',
    spanish: 'por correo electrónico',
    rejected: ['por email', 'por e-mail'],
    why: 'How a receipt, a code or a paperless statement is sent.',
  },
  {
    english: 'by mail, mail-in',
    spanish: 'por correo postal',
    rejected: ['por correo', 'por correspondencia'],
    why: 'A mail-in plan is paid by post. Bare "por correo" reads as e-mail to many patients.',
  },
  {
    english: 'period (of dates)',
    spanish: 'período',
    rejected: ['periodo'],
    why: 'Both spellings are correct; the portal uses one.',
  },
  {
    english: 'you (the reader)',
    spanish: 'usted',
    rejected: ['tú', 'tu', 'tus', 'te', 'contigo'],
    why: 'The hospital writes to patients formally, in every screen, e-mail and PDF.',
  },
  {
    english: 'you, where Spanish would give you a gender',
    spanish: 'le',
    rejected: ['lo llevaremos', 'la llevaremos', 'ya está registrado', 'bienvenido'],
    why: 'The reader may be a woman or a man: "volverá a la página", "le damos la bienvenida", "su cuenta ya está registrada".',
  },
];

export interface GlossaryViolation {
  /** The rejected variant, as the text writes it. */
  readonly found: string;
  readonly entry: GlossaryEntry;
}

const WORD = '[\\p{L}\\p{N}]';

/** A term as a whole-word, any-case pattern; spaces match any run of white space. */
function termPattern(term: string): RegExp {
  const escaped = term
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  return new RegExp(`(?<!${WORD})${escaped}(?!${WORD})`, 'giu');
}

interface Span {
  readonly start: number;
  readonly end: number;
}

function spansOf(term: string, text: string): Span[] {
  return [...text.matchAll(termPattern(term))].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * The rejected variants a Spanish text uses. A variant inside a longer
 * glossary term is that term, not the variant: "por correo" in "por correo
 * postal", "vencimiento" in "fecha de vencimiento".
 */
export function glossaryViolations(text: string): GlossaryViolation[] {
  const accepted = SPANISH_GLOSSARY.flatMap((entry) => spansOf(entry.spanish, text));
  const insideAccepted = (span: Span) =>
    accepted.some(
      (term) =>
        term.start <= span.start &&
        span.end <= term.end &&
        term.end - term.start > span.end - span.start,
    );
  return SPANISH_GLOSSARY.flatMap((entry) =>
    entry.rejected.flatMap((variant) =>
      spansOf(variant, text)
        .filter((span) => !insideAccepted(span))
        .map((span) => ({ found: text.slice(span.start, span.end), entry })),
    ),
  );
}

/**
 * Every text of a Spanish catalogue, by its path: strings, and what each
 * function gives for sample arguments (as catalogueGaps calls them).
 */
function catalogueTexts(catalogue: unknown, path = ''): [path: string, text: string][] {
  if (typeof catalogue === 'string') return [[path, catalogue]];
  if (typeof catalogue === 'function') {
    const samples = Array.from({ length: catalogue.length }, () => 2);
    const text: unknown = (catalogue as (...args: unknown[]) => unknown)(...samples);
    return typeof text === 'string' ? [[path, text]] : [];
  }
  if (typeof catalogue !== 'object' || catalogue === null) return [];
  return Object.entries(catalogue).flatMap(([key, value]) =>
    catalogueTexts(value, path ? `${path}.${key}` : key),
  );
}

/**
 * Each text of a Spanish catalogue that breaks the glossary, worded for a
 * failing test: where it is, what it says, the variant and the term to use.
 */
export function catalogueGlossaryViolations(catalogue: unknown, name = ''): string[] {
  return catalogueTexts(catalogue, name).flatMap(([path, text]) =>
    glossaryViolations(text).map(
      ({ found, entry }) =>
        `${path}: "${text}" says "${found}"; the glossary says "${entry.spanish}" for "${entry.english}"`,
    ),
  );
}
