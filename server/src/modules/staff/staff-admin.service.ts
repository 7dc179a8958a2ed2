import type { AddStaffRequest, StaffMember } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { EnrolmentLink, EnrolmentService } from './enrolment.service.ts';
import type { EnrolmentRepository } from './enrolment.repository.ts';
import { actorOf, type StaffAdministrator } from './staff-actor.ts';
import type { StaffSessions } from './staff-sessions.service.ts';
import { staffMemberView } from './staff-view.ts';
import { isDuplicateEmail, type StaffRepository, type StaffRow } from './staff.repository.ts';

/** A staff member and the one-time link that lets them set their credentials. */
export interface StaffWithLink {
  staff: StaffMember;
  enrolment: EnrolmentLink;
}

/**
 * Staff administration, for administrators in the console and the operator
 * at the command line alike: list, add, disable, reset. Every change is
 * audited with who made it.
 */
export class StaffAdmin {
  constructor(
    private readonly db: Database,
    private readonly staff: StaffRepository,
    private readonly enrolments: EnrolmentRepository,
    private readonly enrolment: EnrolmentService,
    private readonly sessions: StaffSessions,
    private readonly audit: AuditRepository,
  ) {}

  async list(actor: StaffAdministrator, context: RequestContext): Promise<StaffMember[]> {
    const rows = await this.staff.list();
    await this.audit.record(context, {
      action: 'staff.list',
      outcome: 'success',
      ...actorOf(actor),
      targetType: 'staff',
      details: { count: rows.length },
    });
    return rows.map(staffMemberView);
  }

  async get(
    staffId: string,
    actor: StaffAdministrator,
    context: RequestContext,
  ): Promise<StaffMember> {
    const member = await this.existing(staffId);
    await this.audit.record(context, {
      action: 'staff.read',
      outcome: 'success',
      ...actorOf(actor),
      targetType: 'staff',
      targetId: member.id,
    });
    return staffMemberView(member);
  }

  /** A new local staff member, invited: they sign in once they have used the link. */
  async add(
    request: AddStaffRequest,
    actor: StaffAdministrator,
    context: RequestContext,
  ): Promise<StaffWithLink> {
    let created: { member: StaffRow; link: EnrolmentLink };
    try {
      created = await this.db.transaction(async (tx) => {
        const member = await this.staff
          .within(tx)
          .insert({ ...request, kind: 'local', status: 'invited' });
        return { member, link: await this.enrolment.createLink(member.id, tx) };
      });
    } catch (error) {
      if (isDuplicateEmail(error)) throw apiErrors.staffEmailInUse();
      throw error;
    }
    await this.audit.record(context, {
      action: 'staff.add',
      outcome: 'success',
      ...actorOf(actor),
      targetType: 'staff',
      targetId: created.member.id,
      details: { role: request.role },
    });
    return { staff: staffMemberView(created.member), enrolment: created.link };
  }

  /** Disabled staff cannot sign in or enrol; their sessions end at once. */
  async disable(
    staffId: string,
    actor: StaffAdministrator,
    context: RequestContext,
  ): Promise<StaffMember> {
    const member = await this.existing(staffId);
    this.refuseOwnAccount(member, actor);
    await this.staff.disable(member.id);
    await this.enrolments.voidAll(member.id);
    const sessionsEnded = await this.sessions.endAll(member.id, 'disabled');
    await this.audit.record(context, {
      action: 'staff.disable',
      outcome: 'success',
      ...actorOf(actor),
      targetType: 'staff',
      targetId: member.id,
      details: { previousStatus: member.status, sessionsEnded },
    });
    return staffMemberView(await this.existing(member.id));
  }

  /**
   * A lost phone or a forgotten password: password, TOTP key and recovery
   * codes are cleared, sessions end, and a new link lets the staff member
   * enrol again (a disabled member is invited back this way).
   */
  async reset(
    staffId: string,
    actor: StaffAdministrator,
    context: RequestContext,
  ): Promise<StaffWithLink> {
    const member = await this.existing(staffId);
    this.refuseOwnAccount(member, actor);
    if (member.kind !== 'local') throw apiErrors.validation([(m) => m.staffResetSso]);
    const link = await this.db.transaction(async (tx) => {
      await this.staff.within(tx).clearCredentials(member.id);
      return this.enrolment.createLink(member.id, tx);
    });
    const sessionsEnded = await this.sessions.endAll(member.id, 'reset');
    await this.audit.record(context, {
      action: 'staff.reset',
      outcome: 'success',
      ...actorOf(actor),
      targetType: 'staff',
      targetId: member.id,
      details: { previousStatus: member.status, sessionsEnded },
    });
    return { staff: staffMemberView(await this.existing(member.id)), enrolment: link };
  }

  private async existing(staffId: string): Promise<StaffRow> {
    const member = await this.staff.findById(staffId);
    if (!member) throw apiErrors.notFound((m) => m.staffNotFound);
    return member;
  }

  /** An administrator cannot lock themselves out; another administrator (or the operator) can. */
  private refuseOwnAccount(member: StaffRow, actor: StaffAdministrator): void {
    if (actor.kind === 'staff' && actor.staffId === member.id) {
      throw apiErrors.validation([(m) => m.staffNotOwnAccount]);
    }
  }
}
