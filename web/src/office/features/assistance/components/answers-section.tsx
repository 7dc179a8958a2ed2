import type { ApplicationAnswers, HouseholdMember } from '@webpay/contracts/assistance-application';
import { yearlyIncome } from '@webpay/contracts/financial-assistance';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { caseMessages } from '../assistance.messages.ts';
import { Facts } from './facts.tsx';

/** What the guarantor answered: the household and its incomes, benefits, insurance, hardship, assets. */
export function AnswersSection({ answers }: { answers: ApplicationAnswers }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : t.no);
  return (
    <Section id="answers" title={t.answers}>
      <h3 className="mb-2 text-sm font-semibold">{t.household}</h3>
      <ol className="mb-4 flex flex-col gap-3">
        {answers.members.map((member, index) => (
          <li key={`${index}-${member.name}`}>
            <MemberIncomes member={member} />
          </li>
        ))}
      </ol>
      <Facts>
        <dt>{t.benefits}</dt>
        <dd>{list(answers.benefits.map((benefit) => t.benefitNames[benefit]))}</dd>
        <dt>{t.homeless}</dt>
        <dd>{answers.homeless ? t.yes : t.no}</dd>
        <dt>{t.insurance}</dt>
        <dd>
          {answers.insurance.insured ? t.insured(answers.insurance.insurer ?? '') : t.uninsured}
        </dd>
        <dt>{t.region}</dt>
        <dd>{t.regions[answers.region]}</dd>
        <dt>{t.hardship}</dt>
        <dd className="whitespace-pre-line">{answers.hardship || '—'}</dd>
        {answers.assets && (
          <>
            <dt>{t.cash}</dt>
            <dd className="tabular-nums">{format.cents(answers.assets.cashCents)}</dd>
            <dt>{t.otherAssets}</dt>
            <dd className="tabular-nums">{format.cents(answers.assets.otherCents)}</dd>
          </>
        )}
      </Facts>
    </Section>
  );
}

/** One member: who they are, how their income is proved, and each income made yearly. */
function MemberIncomes({ member }: { member: HouseholdMember }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  return (
    <div className="rounded-md border border-border p-3">
      <p className="text-sm">
        <span className="font-medium">{member.name}</span>
        {` · ${t.relationships[member.relationship]} · ${t.proof}: ${t.documentPlans[member.documents]}`}
      </p>
      {member.incomes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noIncome}</p>
      ) : (
        <Table aria-label={t.incomesOf(member.name)} className="mt-2">
          <TableHeader>
            <TableRow>
              <Th>{t.source}</Th>
              <Th className="text-right">{t.amount}</Th>
              <Th>{t.frequency}</Th>
              <Th className="text-right">{t.yearly}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {member.incomes.map((income, index) => (
              <TableRow key={`${index}-${income.source}`}>
                <Td>
                  <CellLabel>{t.source}</CellLabel>
                  {t.sources[income.source]}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.amount}</CellLabel>
                  {format.cents(income.amountCents)}
                </Td>
                <Td>
                  <CellLabel>{t.frequency}</CellLabel>
                  {t.frequencies[income.frequency]}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.yearly}</CellLabel>
                  {format.cents(yearlyIncome(income.amountCents, income.frequency))}
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
