import {
  addStaffRequestSchema,
  staffEmailSchema,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@webpay/contracts/office';
import { isApiError } from '../../lib/api-error.ts';
import type { Services } from '../../plugins/services.ts';
import type { StaffWithLink } from '../../modules/staff/index.ts';
import type { Command, CommandIo, CommandValues } from '../command.ts';
import { operatorRequestContext } from '../operator-run.ts';

const OPERATOR = { kind: 'operator' } as const;
const ACTIONS = ['list', 'add', 'disable', 'reset'] as const;
type Action = (typeof ACTIONS)[number];

/** What each role may do (STAFF_ROLE_PERMISSIONS), for the help; a new role cannot go undescribed. */
const ROLE_HELP: Record<StaffRole, string> = {
  viewer: 'reads guarantors, payments and the audit trail',
  agent: 'reads, and takes support actions and resends',
  reviewer: 'reads, and decides financial assistance, the only role to see its documents',
  supervisor: 'what an agent does, and approves voids and refunds',
  admin: 'what a supervisor does, and manages staff and settings',
};

const text = (value: CommandValues[string]) => (typeof value === 'string' ? value : undefined);

function firstIssue(error: { issues: readonly { path: PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0];
  return issue ? `--${String(issue.path[0] ?? '')}: ${issue.message}` : 'invalid';
}

function linkLines(verb: string, { staff, enrolment }: StaffWithLink): string[] {
  return [
    `${verb} ${staff.name} <${staff.email}> (${staff.role}, ${staff.status}).`,
    `Enrolment link, for ${staff.name} only, good once until ${enrolment.expiresAt.toISOString()}:`,
    `  ${enrolment.url}`,
  ];
}

function listLines(staff: StaffMember[]): string[] {
  if (staff.length === 0) return ['No staff members yet. Add one with: webpay staff add'];
  const width = (pick: (member: StaffMember) => string) =>
    Math.max(...staff.map((member) => pick(member).length));
  const [emailWidth, nameWidth] = [width((m) => m.email), width((m) => m.name)];
  return staff.map((member) =>
    [
      member.email.padEnd(emailWidth),
      member.name.padEnd(nameWidth),
      member.role.padEnd(10),
      member.status.padEnd(8),
      member.kind.padEnd(5),
      member.lastSignInAt ? `last sign-in ${member.lastSignInAt}` : 'never signed in',
    ].join('  '),
  );
}

/** The staff member of `--email`, or what is wrong. */
async function staffIdOf(services: Services, values: CommandValues): Promise<string> {
  const parsed = staffEmailSchema.safeParse(text(values.email) ?? '');
  if (!parsed.success) throw new UsageError(`--email: ${parsed.error.issues[0]?.message ?? ''}`);
  const member = await services.staff.members.findByEmail(parsed.data);
  if (!member) throw new UsageError(`there is no staff member with the email ${parsed.data}`);
  return member.id;
}

class UsageError extends Error {}

async function perform(
  action: Action,
  values: CommandValues,
  services: Services,
): Promise<string[]> {
  const context = operatorRequestContext(`staff-${action}`);
  const { admin } = services.staff;
  switch (action) {
    case 'list':
      return listLines(await admin.list(OPERATOR, context));
    case 'add': {
      const parsed = addStaffRequestSchema.safeParse({
        name: text(values.name) ?? '',
        email: text(values.email) ?? '',
        role: text(values.role) ?? '',
      });
      if (!parsed.success) throw new UsageError(firstIssue(parsed.error));
      return linkLines('Added', await admin.add(parsed.data, OPERATOR, context));
    }
    case 'disable': {
      const member = await admin.disable(await staffIdOf(services, values), OPERATOR, context);
      return [
        `Disabled ${member.name} <${member.email}>: they cannot sign in, and their sessions have ended.`,
      ];
    }
    case 'reset':
      return linkLines(
        'Reset',
        await admin.reset(await staffIdOf(services, values), OPERATOR, context),
      );
  }
}

function report(io: CommandIo, error: unknown): number {
  if (error instanceof UsageError) io.err(`staff: ${error.message}`);
  else if (isApiError(error)) io.err(`staff: ${error.details.join(' ') || error.title}`);
  else throw error;
  return 1;
}

export const staffCommand: Command = {
  name: 'staff',
  summary: 'List, add, disable or reset the billing office staff',
  description: [
    'ACTION is one of: list; add --name NAME --email EMAIL --role ROLE; disable --email EMAIL; reset --email EMAIL.',
    `Roles, one per staff member: ${STAFF_ROLES.map((role) => `${role} ${ROLE_HELP[role]}`).join('; ')}.`,
    `A new or reset staff member gets a one-time enrolment link, valid for 72 hours, where they set a password and add the TOTP key to an authenticator app; print it only for them. Disabling ends their sessions at once. Every change is recorded in the audit trail as the operator's.`,
  ],
  arguments: [{ name: 'ACTION', description: ACTIONS.join(', ') }],
  options: {
    name: { type: 'string', valueName: 'NAME', description: 'add: the staff member’s full name' },
    email: { type: 'string', valueName: 'EMAIL', description: 'the staff member’s email address' },
    role: { type: 'string', valueName: 'ROLE', description: `add: ${STAFF_ROLES.join(', ')}` },
  },
  async run(values, { io, withServices }, [action]) {
    if (!ACTIONS.includes(action as Action)) {
      io.err(`staff: unknown action "${action ?? ''}"; use ${ACTIONS.join(', ')}`);
      return 1;
    }
    try {
      const lines = await withServices((services) => perform(action as Action, values, services));
      for (const line of lines) io.out(line);
      return 0;
    } catch (error) {
      return report(io, error);
    }
  },
};
