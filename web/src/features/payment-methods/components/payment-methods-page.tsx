import { useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, CreditCard, Wallet } from 'lucide-react';
import type { PaymentMethod, PaymentMethodKind } from '@webpay/contracts/payment-methods';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { ListSkeleton } from '@/components/list-skeleton.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useBranding, useSupportPhone } from '@/hooks/use-branding.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { savedMethodsQueryKey, useSavedMethods } from '@/lib/recurring/saved-methods.ts';
import { useMethodChanges } from '../hooks/use-method-changes.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import type { OpenCardWindow } from '../utils/card-window.ts';
import { AddMethodDialog, type BillingFieldsComponent } from './add-method-dialog.tsx';
import { PaymentMethodItem } from './payment-method-item.tsx';
import { RemoveMethodDialog } from './remove-method-dialog.tsx';

export interface PaymentMethodsPageProps {
  /** The payment dialog's name-and-address fields, passed in by the route. */
  billingFields: BillingFieldsComponent;
  /** The payments feature's card window, passed in by the route. */
  openCardWindow: OpenCardWindow;
}

/** /payment-methods (issue #25): the guarantor's saved cards and bank accounts. */
export function PaymentMethodsPage({ billingFields, openCardWindow }: PaymentMethodsPageProps) {
  const t = useMessages(paymentMethodsMessages);
  const session = useSession();
  const queryClient = useQueryClient();
  const { portalName, supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  useDocumentTitle(t.documentTitle(portalName));

  const list = useSavedMethods();
  const changes = useMethodChanges();
  const [adding, setAdding] = useState<PaymentMethodKind | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const methods = list.data?.methods ?? [];
  const retry = () => queryClient.resetQueries({ queryKey: savedMethodsQueryKey, exact: true });

  return (
    <div className="flex flex-col gap-6">
      <PageHeading ref={heading} onAdd={setAdding} />

      {list.isPending ? (
        <ListSkeleton label={t.loading} cells={['h-5 w-40', 'h-5 w-32', 'h-5 w-24']} />
      ) : list.isError ? (
        <ErrorScreen
          error={list.error}
          onRetry={retry}
          supportPhone={supportPhone}
          supportEmail={supportEmail}
        />
      ) : methods.length === 0 ? (
        <NoMethods />
      ) : (
        <section aria-label={t.listRegion}>
          <ul className="grid gap-4 lg:grid-cols-2">
            {methods.map((method) => (
              <PaymentMethodItem
                key={method.id}
                method={method}
                makingDefault={changes.changingId === method.id}
                busy={changes.changingId !== null}
                onMakeDefault={() => void changes.makeDefault(method)}
                onRemove={() => setRemoving(method)}
              />
            ))}
          </ul>
        </section>
      )}

      <RemoveMethodDialog
        method={removing}
        methods={methods}
        label={changes.label}
        onRemove={changes.remove}
        onClose={() => setRemoving(null)}
        focusAfterRemoval={() => heading.current?.focus()}
      />
      <AddMethodDialog
        kind={adding}
        billingFields={billingFields}
        openCardWindow={openCardWindow}
        onSaved={(method) => {
          setAdding(null);
          void changes.added(method);
        }}
        onClose={() => setAdding(null)}
      />
    </div>
  );
}

/** The title and the two ways to add a method. */
function PageHeading({
  ref,
  onAdd,
}: {
  ref: RefObject<HTMLHeadingElement | null>;
  onAdd: (kind: PaymentMethodKind) => void;
}) {
  const t = useMessages(paymentMethodsMessages);
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        {/* Focus lands here when the element that had it is gone (a removed method). */}
        <h1
          ref={ref}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
        >
          {t.heading}
        </h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      {/* Wraps, and the long button wraps its words, so Spanish fits beside the title. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap lg:justify-end">
        <Button onClick={() => onAdd('card')}>
          <CreditCard aria-hidden="true" />
          {t.addCard}
        </Button>
        <Button
          variant="secondary"
          className="min-w-0 shrink whitespace-normal"
          onClick={() => onAdd('bank')}
        >
          <Building2 aria-hidden="true" />
          {t.addBank}
        </Button>
      </div>
    </div>
  );
}

function NoMethods() {
  const t = useMessages(paymentMethodsMessages);
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-5 sm:pt-6">
        <Wallet aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
        <p className="text-muted-foreground">{t.emptyText}</p>
      </CardContent>
    </Card>
  );
}
