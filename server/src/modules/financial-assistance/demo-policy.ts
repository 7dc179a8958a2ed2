import type { FacilityPolicy, PolicyDocuments } from '@webpay/contracts/financial-assistance';

/*
 * The demo hospital's financial assistance policy: a complete policy as a
 * nonprofit hospital publishes it under section 501(r), so the portal, the
 * estimate and the review have something real to show until a hospital
 * gives its own (FINANCIAL_ASSISTANCE_POLICY_FILE). Its figures are those
 * of issue #27: free care up to 200% of the poverty guideline, 75% off to
 * 300%, 50% off to 400%, no asset test, AGB 38.50%.
 */

const HOSPITAL = 'Wasatch Valley Health';

const EN: PolicyDocuments = {
  fap: {
    title: 'Financial Assistance Policy',
    sections: [
      {
        heading: 'Purpose',
        paragraphs: [
          `${HOSPITAL} provides emergency and other medically necessary care to everyone who comes to its hospitals and clinics, whether or not they can pay. This policy explains who can get free or discounted care, how to apply, and how we decide.`,
        ],
      },
      {
        heading: 'Who is eligible',
        paragraphs: [
          'Patients and guarantors whose household income is at or below 400% of the federal poverty guidelines may receive financial assistance for emergency and medically necessary care provided at any of our facilities.',
          'Household income is the yearly income, before taxes, of everyone in the household: wages, self-employment, unemployment, Social Security, pensions, child support and alimony. Household size counts the patient or guarantor, a spouse or partner, and dependents.',
          'We do not consider assets such as a home, a car or savings.',
        ],
      },
      {
        heading: 'Discounts',
        paragraphs: [
          'Household income at or below 200% of the federal poverty guidelines: the patient pays nothing (100% discount).',
          'Above 200% and at or below 300%: a 75% discount on the amount the patient owes.',
          'Above 300% and at or below 400%: a 50% discount on the amount the patient owes.',
          'An eligible patient is never charged more than the amounts generally billed (AGB) to patients with insurance for the same care.',
        ],
      },
      {
        heading: 'Presumptive eligibility',
        paragraphs: [
          'Patients who receive Medicaid, SNAP (food stamps) or WIC, or who are experiencing homelessness, qualify for a 100% discount without showing their income.',
        ],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          'Apply online in the patient portal, on paper, or in person at any registration desk. You may apply up to 240 days after the first billing statement following your discharge.',
          'If we need more information, we will tell you what is missing and give you 30 days to send it.',
        ],
      },
      {
        heading: 'While your application is open',
        paragraphs: [
          'We pause statement reminders, automatic payments and any collection action until we decide. You may keep paying if you wish.',
        ],
      },
      {
        heading: 'Our decision',
        paragraphs: [
          'We tell you our decision in writing, in your language. If we approve, we reduce your balances and refund anything you paid above what you now owe. If we deny, we explain why and how to apply again.',
        ],
      },
      {
        heading: 'Collections',
        paragraphs: [
          'We will not take any extraordinary collection action, such as reporting to a credit bureau or selling a debt, before we have made reasonable efforts to find out whether you qualify, and never without 30 days’ written notice.',
        ],
      },
    ],
  },
  pls: {
    title: 'Financial Assistance: A Plain-Language Summary',
    sections: [
      {
        heading: 'You may not have to pay your whole bill',
        paragraphs: [
          `${HOSPITAL} helps patients who cannot afford their care. If your family’s income is low, your care may be free or cost much less.`,
        ],
      },
      {
        heading: 'How much help',
        paragraphs: [
          'If your family earns up to 2 times the federal poverty guideline, you pay nothing. Up to 3 times, you pay 25% of your bill. Up to 4 times, you pay half. The income limits for your family size are shown with this summary.',
          'We never charge you more than people with insurance pay for the same care.',
        ],
      },
      {
        heading: 'Get help right away',
        paragraphs: [
          'If you get Medicaid, SNAP or WIC, or you do not have a home, your care is free. Just tell us.',
        ],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          'Apply in the patient portal, on your phone or computer. Or ask for a paper form at any front desk, or call us. Applying is free.',
          'You can apply up to 240 days after your first bill. While we look at your application, we stop sending reminders and stop automatic payments.',
        ],
      },
    ],
  },
  application: {
    title: 'How to Apply for Financial Assistance',
    sections: [
      {
        heading: 'What we ask',
        paragraphs: [
          'Who lives in your household, each person’s income and how often it is paid, any public benefits you receive, and your health insurance.',
        ],
      },
      {
        heading: 'What to send',
        paragraphs: [
          'For each person with income: recent pay stubs, a tax return, or a benefits letter. A photo taken with your phone is fine.',
          'If someone has no income, you can sign a statement saying so instead.',
          'You can send documents later. We will tell you what is still missing and give you 30 days.',
        ],
      },
      {
        heading: 'Signing',
        paragraphs: [
          'You sign by typing your full name. We keep the time and where you signed from.',
        ],
      },
    ],
  },
  agb: {
    title: 'Amounts Generally Billed',
    sections: [
      {
        heading: 'What AGB means',
        paragraphs: [
          'Amounts generally billed (AGB) are what insured patients are usually charged for the same care. A patient who qualifies for financial assistance is never charged more than AGB.',
        ],
      },
      {
        heading: 'How we calculate it',
        paragraphs: [
          'We use the look-back method: each year we divide what Medicare and private insurers allowed for our claims in the past 12 months by our gross charges for those claims.',
          'Our AGB percentage is 38.50%: an eligible patient pays at most 38.50% of gross charges.',
        ],
      },
    ],
  },
};

const ES: PolicyDocuments = {
  fap: {
    title: 'Política de asistencia financiera',
    sections: [
      {
        heading: 'Propósito',
        paragraphs: [
          `${HOSPITAL} brinda atención de emergencia y otra atención médicamente necesaria a todas las personas que acuden a sus hospitales y clínicas, puedan pagar o no. Esta política explica quién puede recibir atención gratuita o con descuento, cómo solicitarla y cómo decidimos.`,
        ],
      },
      {
        heading: 'Quién es elegible',
        paragraphs: [
          'Los pacientes y garantes cuyos ingresos familiares sean iguales o inferiores al 400% de las pautas federales de pobreza pueden recibir asistencia financiera para la atención de emergencia y médicamente necesaria en cualquiera de nuestros centros.',
          'Los ingresos familiares son los ingresos anuales, antes de impuestos, de todas las personas del hogar: sueldos, trabajo por cuenta propia, desempleo, Seguro Social, pensiones, manutención de hijos y pensión alimenticia. El tamaño del hogar incluye al paciente o garante, su cónyuge o pareja y sus dependientes.',
          'No tenemos en cuenta bienes como una casa, un auto o ahorros.',
        ],
      },
      {
        heading: 'Descuentos',
        paragraphs: [
          'Ingresos familiares iguales o inferiores al 200% de las pautas federales de pobreza: el paciente no paga nada (descuento del 100%).',
          'Más del 200% y hasta el 300%: un descuento del 75% sobre el monto a pagar del paciente.',
          'Más del 300% y hasta el 400%: un descuento del 50% sobre el monto a pagar del paciente.',
          'A un paciente elegible nunca se le cobra más que los montos generalmente facturados (AGB) a los pacientes con seguro por la misma atención.',
        ],
      },
      {
        heading: 'Elegibilidad presunta',
        paragraphs: [
          'Los pacientes que reciben Medicaid, SNAP (cupones de alimentos) o WIC, o que están sin hogar, reciben un descuento del 100% sin tener que mostrar sus ingresos.',
        ],
      },
      {
        heading: 'Cómo solicitarla',
        paragraphs: [
          'Presente su solicitud en línea en el portal de pacientes, en papel o en persona en cualquier mostrador de registro. Puede solicitarla hasta 240 días después del primer estado de cuenta posterior a su alta.',
          'Si necesitamos más información, le diremos qué falta y le daremos 30 días para enviarla.',
        ],
      },
      {
        heading: 'Mientras su solicitud está abierta',
        paragraphs: [
          'Pausamos los recordatorios de estados de cuenta, los pagos automáticos y cualquier acción de cobro hasta que decidamos. Si lo desea, puede seguir pagando.',
        ],
      },
      {
        heading: 'Nuestra decisión',
        paragraphs: [
          'Le comunicamos nuestra decisión por escrito, en su idioma. Si la aprobamos, reducimos sus saldos y le reembolsamos lo que haya pagado por encima de lo que ahora debe. Si la negamos, le explicamos por qué y cómo volver a solicitarla.',
        ],
      },
      {
        heading: 'Cobros',
        paragraphs: [
          'No tomaremos ninguna acción extraordinaria de cobro, como informar a una agencia de crédito o vender una deuda, antes de haber hecho esfuerzos razonables para saber si usted es elegible, y nunca sin avisarle por escrito con 30 días de anticipación.',
        ],
      },
    ],
  },
  pls: {
    title: 'Asistencia financiera: un resumen en lenguaje sencillo',
    sections: [
      {
        heading: 'Puede que no tenga que pagar toda su factura',
        paragraphs: [
          `${HOSPITAL} ayuda a los pacientes que no pueden pagar su atención. Si los ingresos de su familia son bajos, su atención puede ser gratuita o costar mucho menos.`,
        ],
      },
      {
        heading: 'Cuánta ayuda',
        paragraphs: [
          'Si su familia gana hasta 2 veces la pauta federal de pobreza, no paga nada. Hasta 3 veces, paga el 25% de su factura. Hasta 4 veces, paga la mitad. Los límites de ingresos para el tamaño de su familia se muestran junto con este resumen.',
          'Nunca le cobramos más de lo que pagan las personas con seguro por la misma atención.',
        ],
      },
      {
        heading: 'Reciba ayuda de inmediato',
        paragraphs: [
          'Si recibe Medicaid, SNAP o WIC, o no tiene hogar, su atención es gratuita. Solo díganoslo.',
        ],
      },
      {
        heading: 'Cómo solicitarla',
        paragraphs: [
          'Solicítela en el portal de pacientes, desde su teléfono o computadora. O pida un formulario en papel en cualquier recepción, o llámenos. Solicitarla es gratis.',
          'Puede solicitarla hasta 240 días después de su primera factura. Mientras revisamos su solicitud, dejamos de enviarle recordatorios y detenemos los pagos automáticos.',
        ],
      },
    ],
  },
  application: {
    title: 'Cómo solicitar asistencia financiera',
    sections: [
      {
        heading: 'Qué le preguntamos',
        paragraphs: [
          'Quiénes viven en su hogar, los ingresos de cada persona y con qué frecuencia los recibe, los beneficios públicos que recibe y su seguro médico.',
        ],
      },
      {
        heading: 'Qué enviar',
        paragraphs: [
          'Por cada persona con ingresos: talones de pago recientes, una declaración de impuestos o una carta de beneficios. Una foto tomada con su teléfono es suficiente.',
          'Si alguien no tiene ingresos, puede firmar una declaración que lo diga.',
          'Puede enviar los documentos más tarde. Le diremos qué falta y le daremos 30 días.',
        ],
      },
      {
        heading: 'Firma',
        paragraphs: [
          'Firma escribiendo su nombre completo. Guardamos la hora y el lugar desde donde firmó.',
        ],
      },
    ],
  },
  agb: {
    title: 'Montos generalmente facturados',
    sections: [
      {
        heading: 'Qué significa AGB',
        paragraphs: [
          'Los montos generalmente facturados (AGB) son lo que normalmente se cobra a los pacientes con seguro por la misma atención. A un paciente que califica para asistencia financiera nunca se le cobra más que el AGB.',
        ],
      },
      {
        heading: 'Cómo lo calculamos',
        paragraphs: [
          'Usamos el método retrospectivo: cada año dividimos lo que Medicare y las aseguradoras privadas permitieron para nuestras reclamaciones de los últimos 12 meses entre nuestros cargos brutos por esas reclamaciones.',
          'Nuestro porcentaje de AGB es 38.50%: un paciente elegible paga como máximo el 38.50% de los cargos brutos.',
        ],
      },
    ],
  },
};

export const DEMO_ASSISTANCE_POLICY: FacilityPolicy = {
  region: 'contiguous',
  rules: {
    tiers: [
      { upToPercentOfPoverty: 200, discountPercent: 100 },
      { upToPercentOfPoverty: 300, discountPercent: 75 },
      { upToPercentOfPoverty: 400, discountPercent: 50 },
    ],
    assetTest: false,
    agbBasisPoints: 3_850,
    applicationWindowDays: 240,
    missingDocumentsDays: 30,
    presumptive: ['medicaid', 'snap', 'wic', 'homelessness'],
    presumptiveDiscountPercent: 100,
    // $1,000.00: a free-care approval of most hospital stays is decided by two reviewers.
    secondReviewAboveCents: 100_000,
  },
  contact: {
    phone: '(801) 555-0142',
    mailingAddress: 'Financial Assistance Office, 1200 Canyon Road, Provo, UT 84604',
    hours: {
      en: 'Monday to Friday, 8 a.m. to 5 p.m. Mountain Time',
      es: 'De lunes a viernes, de 8 a.m. a 5 p.m., hora de la montaña',
    },
    inPerson: {
      en: 'Any registration desk, or the Patient Financial Services office on the first floor',
      es: 'Cualquier mostrador de registro, o la oficina de Servicios Financieros para Pacientes en el primer piso',
    },
  },
  documents: { en: EN, es: ES },
};
