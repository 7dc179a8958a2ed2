import type { StaffRole } from '@webpay/contracts/office';
import { defineCatalogue } from '@/lib/messages.ts';

const ROLE_NAMES: Record<StaffRole, string> = {
  viewer: 'Viewer',
  agent: 'Agent',
  reviewer: 'Reviewer',
  supervisor: 'Supervisor',
  admin: 'Administrator',
};

/** Words the whole console shares: its name, its frame, roles and common states. */
export const officeMessages = defineCatalogue(
  {
    consoleName: 'Billing Office',
    skipToContent: 'Skip to main content',
    mainNavigation: 'Main navigation',
    nav: {
      home: 'Home',
      guarantors: 'Guarantors',
      payments: 'Payments',
      assistance: 'Financial assistance',
      reports: 'Reports',
      audit: 'Audit',
      staff: 'Staff',
    },
    signedInAs: (name: string, role: string) => `${name}, ${role}`,
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
    roles: ROLE_NAMES,
    loading: 'Loading…',
    none: 'None',
    notFound: 'This page does not exist.',
    goHome: 'Go to Home',
    retry: 'Try again',
    failed: 'This could not be loaded.',
    pageTitle: (page: string) => `${page} · Billing Office`,
  },
  {
    consoleName: 'Oficina de facturación',
    skipToContent: 'Saltar al contenido principal',
    mainNavigation: 'Navegación principal',
    nav: {
      home: 'Inicio',
      guarantors: 'Garantes',
      payments: 'Pagos',
      assistance: 'Asistencia financiera',
      reports: 'Informes',
      audit: 'Auditoría',
      staff: 'Personal',
    },
    signedInAs: (name, role) => `${name}, ${role}`,
    signOut: 'Cerrar sesión',
    signOutEverywhere: 'Cerrar todas las sesiones',
    roles: {
      viewer: 'Lector',
      agent: 'Agente',
      reviewer: 'Revisor',
      supervisor: 'Supervisor',
      admin: 'Administrador',
    },
    loading: 'Cargando…',
    none: 'Ninguno',
    notFound: 'Esta página no existe.',
    goHome: 'Ir a Inicio',
    retry: 'Intentar de nuevo',
    failed: 'No se pudo cargar.',
    pageTitle: (page) => `${page} · Oficina de facturación`,
  },
);

/** The idle-timeout warning (issue #23). */
export const idleWarningMessages = defineCatalogue(
  {
    title: 'Are you still there?',
    description: (time: string) =>
      `For the guarantors' privacy you will be signed out in ${time} unless you stay signed in.`,
    stay: 'Stay signed in',
    signOut: 'Sign out now',
    failed: 'Your session could not be kept. Sign in again.',
  },
  {
    title: '¿Sigue ahí?',
    description: (time) =>
      `Para proteger la privacidad de los garantes, su sesión se cerrará en ${time} a menos que decida mantenerla.`,
    stay: 'Mantener la sesión',
    signOut: 'Cerrar sesión ahora',
    failed: 'No se pudo mantener su sesión. Inicie sesión de nuevo.',
  },
);

/** The audit trail's columns, on the audit screen and a guarantor's page. */
export const auditTableMessages = defineCatalogue(
  {
    caption: 'Audit trail',
    when: 'When',
    who: 'Who',
    action: 'Action',
    outcome: 'Outcome',
    outcomes: { success: 'Succeeded', failure: 'Failed' },
    guarantor: 'Guarantor',
    reason: 'Reason',
    address: 'From address',
    /** Who acted, when the trail has no name for them (audit_events.actor_type). */
    actors: {
      staff: 'Staff member',
      guarantor: 'Guarantor',
      system: 'System',
      operator: 'Operator (webpay command)',
      anonymous: 'Someone not signed in',
    },
    loadMore: 'Load more',
    empty: 'No audit entries match.',
  },
  {
    caption: 'Registro de auditoría',
    when: 'Cuándo',
    who: 'Quién',
    action: 'Acción',
    outcome: 'Resultado',
    outcomes: { success: 'Correcto', failure: 'Fallido' },
    guarantor: 'Garante',
    reason: 'Motivo',
    address: 'Desde la dirección',
    actors: {
      staff: 'Miembro del personal',
      guarantor: 'Garante',
      system: 'Sistema',
      operator: 'Operador (comando webpay)',
      anonymous: 'Alguien sin sesión iniciada',
    },
    loadMore: 'Cargar más',
    empty: 'Ninguna entrada de auditoría coincide.',
  },
);

/** The e-mails sent to a guarantor or about a payment. */
export const sentEmailsMessages = defineCatalogue(
  {
    title: 'Emails sent',
    queuedAt: 'Queued',
    kind: 'Kind',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    statuses: { queued: 'Queued', sent: 'Sent', failed: 'Failed' },
    nothing: 'None.',
    /** The service's message kinds (its MailKind, `_` written `-`) in words. */
    kinds: {
      'magic-link': 'Sign-in link',
      'email-code': 'Sign-in code',
      signup: 'Sign-up code',
      'signup-attempt': 'Sign-up attempt notice',
      mfa: 'Verification code',
      'statement-notice': 'Statement notice',
      'payment-receipt': 'Payment receipt',
      'payment-reversal': 'Void or refund notice',
      autopay: 'Autopay notice',
      'plan-authorization': 'Plan authorization',
      'assistance-update': 'Financial assistance update',
      'assistance-letter': 'Financial assistance letter',
    },
  },
  {
    title: 'Mensajes enviados',
    queuedAt: 'En cola',
    kind: 'Tipo',
    to: 'Para',
    subject: 'Asunto',
    status: 'Estado',
    statuses: { queued: 'En cola', sent: 'Enviado', failed: 'Fallido' },
    nothing: 'Ninguno.',
    kinds: {
      'magic-link': 'Enlace para iniciar sesión',
      'email-code': 'Código para iniciar sesión',
      signup: 'Código de registro',
      'signup-attempt': 'Aviso de intento de registro',
      mfa: 'Código de verificación',
      'statement-notice': 'Aviso de estado de cuenta',
      'payment-receipt': 'Recibo de pago',
      'payment-reversal': 'Aviso de anulación o reembolso',
      autopay: 'Aviso de pago automático',
      'plan-authorization': 'Autorización del plan',
      'assistance-update': 'Novedad de asistencia financiera',
      'assistance-letter': 'Carta de asistencia financiera',
    },
  },
);
