import type { Translation } from '@webpay/contracts/language';
import type { LETTER_MESSAGES_EN } from './letter-messages.en.ts';

/*
 * The Spanish twin of LETTER_MESSAGES_EN: formal ("usted") and warm, as the
 * hospital writes to patients, in the glossary's terms (saldo, plan de
 * pagos, estado de cuenta, en proceso). "The hold" is "la pausa en su
 * cuenta", as the policy says "pausamos".
 */

const people = (count: number) => (count === 1 ? '1 persona' : `${count} personas`);

export const LETTER_MESSAGES_ES: Translation<typeof LETTER_MESSAGES_EN> = {
  reference: 'Solicitud',
  date: 'Fecha',
  greeting: (firstName) => (firstName ? `Hola, ${firstName}:` : 'Hola:'),
  bullet: (item) => `• ${item}`,
  questions: '¿Tiene preguntas? Con gusto le ayudamos.',
  phone: 'Teléfono',
  hours: 'Horario',
  byMail: 'Por correo postal',
  inPerson: 'En persona',
  closing: 'Atentamente,',
  signature: (provider) => `Oficina de Asistencia Financiera, ${provider}`,

  approval: {
    subject: (reference) => `Su asistencia financiera fue aprobada (${reference})`,
    intro: 'Buenas noticias: aprobamos su solicitud de asistencia financiera.',
    discount: (percent) =>
      percent === 100
        ? 'Su atención en las cuentas de abajo es gratuita. Descontamos el 100% de lo que debía.'
        : `Usted recibe un descuento del ${percent}%. Descontamos el ${percent}% de lo que debía en las cuentas de abajo.`,
    household: (size, income) =>
      `Cómo lo decidimos: usted nos dijo que en su hogar ${size === 1 ? 'vive' : 'viven'} ${people(size)} y que los ingresos del hogar son de ${income} al año.`,
    guideline: (year, size, guideline, percent) =>
      `La pauta federal de pobreza de ${year} para ${people(size)} es de ${guideline}. Sus ingresos son el ${percent}% de esa pauta.`,
    tier: (upTo, discount) =>
      `Nuestra política da un descuento del ${discount}% cuando los ingresos son iguales o inferiores al ${upTo}% de la pauta.`,
    aboveTiers: 'Esos ingresos superan los límites de nuestros descuentos habituales.',
    presumptive: {
      medicaid: 'Cómo lo decidimos: usted recibe Medicaid.',
      snap: 'Cómo lo decidimos: usted recibe SNAP (cupones de alimentos).',
      wic: 'Cómo lo decidimos: usted recibe WIC.',
      homelessness: 'Cómo lo decidimos: usted nos dijo que no tiene un lugar donde vivir.',
    },
    presumptiveRule: (discount) =>
      `Según nuestra política, esto por sí solo da un descuento del ${discount}%. No fue necesario contar sus ingresos.`,
    override: (discount, reason) =>
      `La persona que revisó su solicitud fijó su descuento en el ${discount}%, por esta razón: ${reason}`,
    accountsIntro: 'Estas son sus cuentas, antes y después del descuento:',
    account: 'Cuenta',
    serviceDate: 'Fecha del servicio',
    balance: 'Saldo',
    adjustment: 'Descontado',
    newBalance: 'Saldo nuevo',
    totalBalance: 'Saldo total',
    totalAdjustment: 'Total descontado',
    totalNewBalance: 'Saldo nuevo total',
    refund: (amount) =>
      `Usted ya pagó ${amount} más que su saldo nuevo. Le reembolsaremos ${amount}. Recibirá un correo electrónico aparte cuando hagamos el reembolso.`,
    planPaidOff: (plan) =>
      `Su plan de pagos ${plan} ya está pagado por completo. No cobraremos más pagos de ese plan.`,
    planRecalculated: (plan, balance, monthly) =>
      `Recalculamos su plan de pagos ${plan}: quedan ${balance} por pagar, a ${monthly} al mes.`,
    pending:
      'En el portal, los saldos nuevos aparecen como en proceso hasta que nuestro sistema de facturación los confirme. Esto puede tardar unos días hábiles.',
  },

  denial: {
    subject: (reference) => `Decisión sobre su solicitud de asistencia financiera (${reference})`,
    intro:
      'Revisamos su solicitud de asistencia financiera. Lo sentimos, pero no podemos aprobarla.',
    reasonIntro: 'La razón:',
    balances:
      'Sus saldos siguen igual. Un plan de pagos en el portal puede ayudarle a pagar poco a poco.',
    reapply: (date) =>
      `Puede volver a presentar una solicitud si su situación cambia, por ejemplo, si sus ingresos bajan o si su hogar crece. Puede presentarla hasta el ${date}.`,
    applyAt: (url) => `Presente su solicitud en el portal: ${url}`,
    askUs: 'Si tiene preguntas sobre esta decisión, comuníquese con nosotros.',
  },

  incomplete: {
    subject: (reference) => `Necesitamos más información para su solicitud (${reference})`,
    intro:
      'Gracias por solicitar asistencia financiera. Para terminar de revisar su solicitud, necesitamos algunas cosas más:',
    dueBy: (date) => `Envíelas a más tardar el ${date}.`,
    how: 'Para enviarlas, inicie sesión en el portal y abra su solicitud. Ahí puede agregar una foto o un PDF de cada una:',
    ifNot: (date) =>
      `Si no las recibimos a más tardar el ${date}, terminará la pausa en su cuenta. Volverán los estados de cuenta, los recordatorios y los pagos automáticos. Después de enviarle un aviso por escrito, su saldo podría enviarse a cobranza.`,
    moreTime:
      'Si necesita más tiempo o no puede conseguir algo de lo que pedimos, llámenos antes de esa fecha.',
  },

  holdReleased: {
    subject: (reference) => `Terminó la pausa en su cuenta (${reference})`,
    denied: (date) =>
      `Denegamos su solicitud de asistencia financiera, por lo que la pausa en su cuenta terminó el ${date}.`,
    informationOverdue: (due, date) =>
      `Le pedimos más información a más tardar el ${due} y no la recibimos. Por eso, la pausa en su cuenta terminó el ${date}.`,
    resumesIntro: 'Esto es lo que vuelve a empezar:',
    autopay: 'Los pagos automáticos, en su próxima fecha programada.',
    planCharges: 'Los pagos de su plan de pagos, en su próxima fecha de vencimiento.',
    notices: 'Los estados de cuenta y los recordatorios de pago.',
    sendLater:
      'Todavía puede enviar en el portal lo que le pedimos. Después terminaremos de revisar su solicitud.',
    applyAgain: (date) => `Puede volver a solicitar asistencia financiera hasta el ${date}.`,
    applyAt: (url) => `Presente su solicitud en el portal: ${url}`,
  },

  collectionNotice: {
    subject: (reference) => `Aviso importante sobre su saldo (${reference})`,
    intro: (provider, balance) =>
      `Este es un aviso importante sobre su saldo de ${balance} con ${provider}.`,
    assistance:
      'Hay asistencia financiera disponible. Usted podría calificar para atención gratuita o de menor costo, aunque ya haya presentado una solicitud antes.',
    actionsIntro:
      'Si su saldo no se paga o no se resuelve, podríamos tomar estas acciones de cobro:',
    creditReport: 'Informar su deuda a una agencia de crédito.',
    saleOfDebt: 'Vender su deuda a otra compañía.',
    legalAction: 'Tomar acciones legales, como una demanda.',
    notBefore: (date) =>
      `No tomaremos ninguna de estas acciones antes del ${date}. Eso es al menos 30 días después de la fecha de este aviso.`,
    applyAgain: (date) =>
      `Para solicitar asistencia financiera, use el portal hasta el ${date}. Mientras su solicitud esté abierta, no tomaremos ninguna de estas acciones.`,
    applyAt: (url) => `Presente su solicitud en el portal: ${url}`,
    summary: (url) =>
      `Lea nuestro resumen en lenguaje sencillo de la política de asistencia financiera: ${url}. Llámenos para pedir una copia en papel gratis.`,
  },
};
