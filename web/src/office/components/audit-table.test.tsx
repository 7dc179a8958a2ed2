import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@webpay/contracts/office';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeOfficeService, renderWithQueries } from '@test/office/office-service.tsx';
import { AuditTable } from './audit-table.tsx';

function entry(id: number, fields: Partial<AuditEntry>): AuditEntry {
  return {
    id,
    occurredAt: '2026-11-25T16:30:00.000Z',
    actorType: 'staff',
    actorId: 'staff-1',
    actorName: 'Dana Reyes',
    guarantorId: null,
    action: 'office.report.money.viewed',
    outcome: 'success',
    targetType: null,
    targetId: null,
    reason: null,
    ipAddress: '10.0.0.7',
    requestId: `request-${id}`,
    ...fields,
  };
}

const ENTRIES = [
  entry(3, { action: 'office.report.money.viewed' }),
  entry(2, { action: 'staff.sign-in', outcome: 'failure', reason: 'wrong_code' }),
  entry(1, {
    action: 'office.support.unlock-sign-in',
    guarantorId: 'g-1',
    reason: 'Caller confirmed her birthdate',
  }),
];

interface RowCells {
  action: HTMLElement;
  reason: HTMLElement;
}

/** The Action and Reason cells of each row, found by their column headers' names. */
function actionAndReasonCells(actionHeader = 'Action', reasonHeader = 'Reason'): RowCells[] {
  const table = screen.getByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const cellAt = (cells: HTMLElement[], header: string) => {
    const cell = cells[headers.indexOf(header)];
    if (!cell) throw new Error(`No ${header} cell`);
    return cell;
  };
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return { action: cellAt(cells, actionHeader), reason: cellAt(cells, reasonHeader) };
    });
}

/** The three rows of ENTRIES, in order. */
function threeRows(...headers: [string, string] | []): [RowCells, RowCells, RowCells] {
  const [first, second, third] = actionAndReasonCells(...headers);
  if (!first || !second || !third) throw new Error('Expected three rows');
  return [first, second, third];
}

function renderTable(entries: readonly AuditEntry[]) {
  fakeOfficeService();
  renderWithQueries(<AuditTable entries={entries} />);
}

describe('the audit table', () => {
  it('names each action in words, its code beside it', () => {
    renderTable(ENTRIES);
    const [money, signIn, unlock] = threeRows();
    expect(within(money.action).getByText('Viewed the money report')).toBeVisible();
    expect(within(money.action).getByText('office.report.money.viewed')).toBeVisible();
    expect(within(signIn.action).getByText('Staff sign-in')).toBeVisible();
    expect(within(signIn.action).getByText('staff.sign-in')).toBeVisible();
    expect(within(unlock.action).getByText('Unlocked sign-in')).toBeVisible();
    expect(within(unlock.action).getByText('office.support.unlock-sign-in')).toBeVisible();
  });

  it("words a reason code, and shows a staff member's own reason as typed", () => {
    renderTable(ENTRIES);
    const [money, signIn, unlock] = threeRows();
    expect(money.reason).toHaveTextContent(/^Reason$/);
    expect(signIn.reason).toHaveTextContent('Wrong authentication code');
    expect(signIn.reason).not.toHaveTextContent('wrong_code');
    expect(unlock.reason).toHaveTextContent('Caller confirmed her birthdate');
  });

  it('says the same in Spanish, the codes unchanged', () => {
    act(() => chooseLanguage('es'));
    renderTable(ENTRIES);
    const [money, signIn, unlock] = threeRows('Acción', 'Motivo');
    expect(within(money.action).getByText('Vio el informe de dinero')).toBeVisible();
    expect(within(money.action).getByText('office.report.money.viewed')).toBeVisible();
    expect(within(signIn.action).getByText('Inicio de sesión del personal')).toBeVisible();
    expect(within(signIn.action).getByText('staff.sign-in')).toBeVisible();
    expect(signIn.reason).toHaveTextContent('Código de autenticación incorrecto');
    expect(within(unlock.action).getByText('Desbloqueó el inicio de sesión')).toBeVisible();
    expect(unlock.reason).toHaveTextContent('Caller confirmed her birthdate');
  });

  it('shows an action it has no words for by its code, once', () => {
    renderTable([entry(9, { action: 'office.something.new', reason: 'some_new_reason' })]);
    const [row] = actionAndReasonCells();
    if (!row) throw new Error('Expected a row');
    expect(within(row.action).getAllByText('office.something.new')).toHaveLength(1);
    expect(row.reason).toHaveTextContent('some_new_reason');
  });

  it('says who acted in words when the trail has no name, without repeating the guarantor', () => {
    const guarantorId = '48ba7bb1-75c2-86cb-9de2-3b23316717ca';
    const byGuarantor = { actorType: 'guarantor', actorId: guarantorId, actorName: null };
    renderTable([
      entry(4, { ...byGuarantor, guarantorId, action: 'payment.recorded' }),
      entry(5, { ...byGuarantor, guarantorId: null, action: 'payment.recorded' }),
      entry(6, { actorType: 'system', actorId: null, actorName: null }),
      entry(7, { actorType: 'robot', actorId: 'r-2', actorName: null }),
    ]);
    const who = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(who).toEqual([
      'WhoGuarantor',
      `WhoGuarantor ${guarantorId}`,
      'WhoSystem',
      'Whorobot r-2',
    ]);
  });

  it('says who acted in Spanish too', () => {
    act(() => chooseLanguage('es'));
    renderTable([entry(8, { actorType: 'operator', actorId: null, actorName: null })]);
    const [, row] = screen.getAllByRole('row');
    expect(row && within(row).getAllByRole('cell')[1]).toHaveTextContent(
      /^QuiénOperador \(comando webpay\)$/,
    );
  });
});
