import { defineCatalogue } from '@/lib/messages.ts';

/** /contact: the billing office and each facility's phone, hours, address and e-mail. */
export const contactMessages = defineCatalogue(
  {
    pageTitle: (portalName: string) => `Contact | ${portalName}`,
    heading: 'Contact us',
    intro: 'Questions about a bill or a payment? Our billing office is happy to help.',
    billingOffice: {
      heading: 'Your billing office',
      intro: 'For anything about your account, start here.',
      phone: 'Support phone',
      email: 'Billing email',
    },
    facilities: {
      heading: 'Our facilities',
      loading: 'Loading our facilities…',
      phone: 'Phone',
      hours: 'Hours',
      address: 'Address',
      email: 'Email',
    },
  },
  {
    pageTitle: (portalName) => `Contacto | ${portalName}`,
    heading: 'Contáctenos',
    intro:
      '¿Tiene preguntas sobre una factura o un pago? Nuestra oficina de facturación con gusto le ayudará.',
    billingOffice: {
      heading: 'Su oficina de facturación',
      intro: 'Para cualquier asunto sobre su cuenta, comience aquí.',
      phone: 'Teléfono de atención',
      email: 'Correo electrónico de facturación',
    },
    facilities: {
      heading: 'Nuestros centros',
      loading: 'Cargando nuestros centros…',
      phone: 'Teléfono',
      hours: 'Horario',
      address: 'Dirección',
      email: 'Correo electrónico',
    },
  },
);
