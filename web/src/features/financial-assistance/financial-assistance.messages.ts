import { defineCatalogue } from '@/lib/messages.ts';

/** The financial assistance page's own words (issue #27); the policy's are the hospital's. */
export const assistanceMessages = defineCatalogue(
  {
    heading: 'Financial Assistance',
    intro:
      'If you cannot pay your bill, you may get free or discounted care. Find out in 30 seconds, then read how to apply.',
    estimateHeading: 'Need help paying?',
    estimateIntro: 'Tell us about your household to see the help you would likely get.',
    householdSize: 'People in your household',
    householdSizeHint: 'Count yourself, a spouse or partner, and anyone you support.',
    yearlyIncome: 'Household income per year, before taxes',
    yearlyIncomeHint: 'Everyone’s wages, benefits and other income, in dollars.',
    estimate: 'See my estimate',
    estimating: 'Estimating…',
    householdSizeInvalid: 'Enter a number of people from 1 to 30.',
    yearlyIncomeInvalid: 'Enter a yearly amount in dollars, such as 40000.',
    percentOfPoverty: (percent: number, year: number) =>
      `Your household’s income is about ${percent}% of the ${year} federal poverty guideline.`,
    likelyFree: 'You would likely qualify for free care.',
    likelyDiscount: (discount: number) => `You would likely qualify for a ${discount}% discount.`,
    aboveTiers:
      'Your income is above our discount limits, but you may still apply: we look at every application, and a payment plan can help too.',
    estimateNote: 'This is an estimate, not a decision. Your application decides.',
    estimateFailed: 'We could not make an estimate just now. Please try again.',
    limitsHeading: 'Income limits',
    limitsCaption: (year: number) =>
      `Yearly household income limits for each discount, from the ${year} federal poverty guidelines.`,
    householdColumn: 'Household size',
    upTo: (percent: number) => `Up to ${percent}%`,
    discountColumn: (discount: number) => (discount === 100 ? 'Free care' : `${discount}% off`),
    contactHeading: 'Questions?',
    call: 'Call',
    hours: 'Hours',
    mail: 'By mail',
    inPerson: 'In person',
    contents: 'On this page',
    backToSignIn: 'Back to sign in',
    backToDashboard: 'Back to the Dashboard',
    loadFailed: 'The policy could not be loaded. Please try again.',
    tryAgain: 'Try again',
  },
  {
    heading: 'Asistencia financiera',
    intro:
      'Si no puede pagar su factura, puede recibir atención gratuita o con descuento. Averígüelo en 30 segundos y luego lea cómo solicitarla.',
    estimateHeading: '¿Necesita ayuda para pagar?',
    estimateIntro: 'Cuéntenos sobre su hogar para ver la ayuda que probablemente recibiría.',
    householdSize: 'Personas en su hogar',
    householdSizeHint: 'Cuéntese usted, su cónyuge o pareja y las personas que mantiene.',
    yearlyIncome: 'Ingresos del hogar por año, antes de impuestos',
    yearlyIncomeHint: 'Sueldos, beneficios y otros ingresos de todos, en dólares.',
    estimate: 'Ver mi estimado',
    estimating: 'Calculando…',
    householdSizeInvalid: 'Escriba un número de personas del 1 al 30.',
    yearlyIncomeInvalid: 'Escriba un monto anual en dólares, como 40000.',
    percentOfPoverty: (percent: number, year: number) =>
      `Los ingresos de su hogar son aproximadamente el ${percent}% de la pauta federal de pobreza de ${year}.`,
    likelyFree: 'Probablemente calificaría para atención gratuita.',
    likelyDiscount: (discount: number) =>
      `Probablemente calificaría para un descuento del ${discount}%.`,
    aboveTiers:
      'Sus ingresos superan nuestros límites de descuento, pero aun así puede presentar una solicitud: revisamos todas las solicitudes, y un plan de pagos también puede ayudarle.',
    estimateNote: 'Esto es un estimado, no una decisión. Su solicitud es la que decide.',
    estimateFailed: 'No pudimos hacer un estimado en este momento. Inténtelo de nuevo.',
    limitsHeading: 'Límites de ingresos',
    limitsCaption: (year: number) =>
      `Límites de ingresos anuales del hogar para cada descuento, según las pautas federales de pobreza de ${year}.`,
    householdColumn: 'Tamaño del hogar',
    upTo: (percent: number) => `Hasta el ${percent}%`,
    discountColumn: (discount: number) =>
      discount === 100 ? 'Atención gratuita' : `${discount}% de descuento`,
    contactHeading: '¿Preguntas?',
    call: 'Llame al',
    hours: 'Horario',
    mail: 'Por correo postal',
    inPerson: 'En persona',
    contents: 'En esta página',
    backToSignIn: 'Volver a iniciar sesión',
    backToDashboard: 'Volver al Panel',
    loadFailed: 'No se pudo cargar la política. Inténtelo de nuevo.',
    tryAgain: 'Intentar de nuevo',
  },
);
